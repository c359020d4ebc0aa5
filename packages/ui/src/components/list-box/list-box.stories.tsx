import type { Meta, StoryObj } from '@storybook/react';
import { useId, useState, type KeyboardEvent } from 'react';
import { ListBoxOption } from './list-box';

/**
 * The option of the kit's lists whose focus stays on their owner (the dropdown, the phone
 * prefix): the arrows move the active option, Enter chooses it, the pointer makes an option
 * active and a click chooses it.
 */
const meta: Meta<typeof ListBoxOption> = {
  title: 'Fields/ListBoxOption',
  component: ListBoxOption,
};
export default meta;

const sites = ['Chantier Lyon Part-Dieu', 'Entrepôt Vénissieux', 'Chantier Grenoble Presqu’île'];

function Sites() {
  const id = useId();
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<number | null>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowDown') setActive((index) => Math.min(index + 1, sites.length - 1));
    else if (event.key === 'ArrowUp') setActive((index) => Math.max(index - 1, 0));
    else if (event.key === 'Enter') setChosen(active);
    else return;
    event.preventDefault();
  };
  return (
    <div>
      <div
        role="listbox"
        tabIndex={0}
        aria-label="Site"
        aria-activedescendant={`${id}-${active}`}
        onKeyDown={onKeyDown}
        style={{ maxWidth: 320 }}
      >
        {sites.map((site, index) => (
          <ListBoxOption
            key={site}
            id={`${id}-${index}`}
            isActive={index === active}
            isSelected={index === chosen}
            onActivate={() => setActive(index)}
            onChoose={() => setChosen(index)}
          >
            {site}
          </ListBoxOption>
        ))}
      </div>
      <p>Chosen: {chosen === null ? 'none' : sites[chosen]}</p>
    </div>
  );
}

export const Default: StoryObj = { render: () => <Sites /> };
