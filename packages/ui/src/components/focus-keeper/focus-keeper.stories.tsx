import type { Meta, StoryObj } from '@storybook/react';
import { useRef, useState } from 'react';
import { FOCUS_KEY_ATTRIBUTE, FocusKeeper } from './focus-keeper';

/**
 * A list that changes under the keyboard: focus a drum's button, then press "Read again". The
 * list is drawn anew in another order, and the focus stays on the same drum's button.
 */
const meta: Meta<typeof FocusKeeper> = {
  title: 'Behaviour/FocusKeeper',
  component: FocusKeeper,
};
export default meta;

const drums = ['T-1042', 'T-1043', 'T-1044', 'T-1045'];

function ChangingList() {
  const containerRef = useRef<HTMLUListElement>(null);
  const [order, setOrder] = useState(drums);
  const [drawn, setDrawn] = useState(0);
  const readAgain = () => {
    setOrder((current) => [...current.slice(1), current[0]!]);
    setDrawn((count) => count + 1);
  };
  return (
    <div>
      <button type="button" onClick={readAgain}>
        Read again
      </button>
      <FocusKeeper containerRef={containerRef}>
        <ul ref={containerRef}>
          {order.map((serial) => (
            // A new key at each reading: every item is drawn anew, as a list re-fetched is.
            <li key={`${serial}-${drawn}`} {...{ [FOCUS_KEY_ATTRIBUTE]: serial }}>
              <button type="button" onKeyDown={(event) => event.key === 'r' && readAgain()}>
                Details of drum {serial}
              </button>
            </li>
          ))}
        </ul>
      </FocusKeeper>
      <p>Focus a drum's button, then press R: the list moves, the focus stays on that drum.</p>
    </div>
  );
}

export const ListDrawnAnew: StoryObj = { render: () => <ChangingList /> };
