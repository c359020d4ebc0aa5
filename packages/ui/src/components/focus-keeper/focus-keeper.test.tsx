import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { FocusKeeper } from './focus-keeper';

/**
 * A list whose items are drawn anew when `generation` changes (a new React key), as a list does
 * that rebuilds its rows from fresh data; a node React only moves keeps its focus by itself.
 */
function List({ ids, generation = 1 }: { ids: string[]; generation?: number }) {
  const ref = useRef<HTMLUListElement>(null);
  return (
    <>
      <button type="button">Elsewhere</button>
      <FocusKeeper containerRef={ref}>
        <ul ref={ref}>
          {ids.map((id) => (
            <li key={`${id}-${generation}`} data-focus-key={id}>
              <span>{id}</span>
              <button type="button">Open {id}</button>
              <button type="button">Remove {id}</button>
            </li>
          ))}
        </ul>
      </FocusKeeper>
    </>
  );
}

describe('FocusKeeper', () => {
  it('gives the focus to the same control of an item drawn anew in another place', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<List ids={['a', 'b', 'c', 'd']} />);
    await user.click(screen.getByRole('button', { name: 'Remove b' }));
    rerender(<List ids={['c', 'd', 'a', 'b']} generation={2} />);
    expect(screen.getByRole('button', { name: 'Remove b' })).toHaveFocus();
  });

  it('keeps it when a new item comes before the focused one', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<List ids={['a', 'b']} />);
    await user.click(screen.getByRole('button', { name: 'Open b' }));
    rerender(<List ids={['new', 'b', 'a']} />);
    expect(screen.getByRole('button', { name: 'Open b' })).toHaveFocus();
  });

  it('gives it back when an item taken out for a moment is drawn again', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<List ids={['a', 'b', 'c']} />);
    await user.click(screen.getByRole('button', { name: 'Open c' }));
    rerender(<List ids={['a', 'b']} />);
    expect(document.body).toHaveFocus();
    rerender(<List ids={['b', 'a']} generation={2} />);
    rerender(<List ids={['b', 'a', 'c']} generation={2} />);
    expect(screen.getByRole('button', { name: 'Open c' })).toHaveFocus();
  });

  it('never takes back a focus the person moved elsewhere', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<List ids={['a', 'b', 'c']} />);
    await user.click(screen.getByRole('button', { name: 'Open c' }));
    rerender(<List ids={['a', 'b']} />);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    rerender(<List ids={['c', 'a', 'b']} />);
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('leaves alone a focus outside the list', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<List ids={['a', 'b']} />);
    await user.click(screen.getByRole('button', { name: 'Open a' }));
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    rerender(<List ids={['b', 'a']} generation={2} />);
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });
});
