import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Popover } from './popover';

function rect(x: number, y: number, width: number, height: number): DOMRect {
  return {
    x,
    y,
    width,
    height,
    top: y,
    left: x,
    right: x + width,
    bottom: y + height,
    toJSON: () => ({}),
  };
}

describe('Popover', () => {
  afterEach(() => vi.restoreAllMocks());

  const renderPopover = (props: Partial<Parameters<typeof Popover>[0]> = {}) =>
    render(
      <>
        <Popover label="Filters" trigger={<button type="button">Filters</button>} {...props}>
          <button type="button">Apply</button>
        </Popover>
        <p>Outside</p>
      </>,
    );

  it('opens on trigger click as a named dialog, wires ARIA and moves focus in', async () => {
    const user = userEvent.setup();
    renderPopover();
    const trigger = screen.getByRole('button', { name: 'Filters' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    const popover = screen.getByRole('dialog', { name: 'Filters' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', popover.id);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Apply' })).toHaveFocus());
  });

  it('leaves focus on the trigger when isFocusMovedIn is false', async () => {
    const user = userEvent.setup();
    renderPopover({ isFocusMovedIn: false });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();
  });

  it('closes on Escape and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    renderPopover();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus());
  });

  it('closes on an outside click', async () => {
    const user = userEvent.setup();
    renderPopover();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('works controlled and reports open changes', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderPopover({ isOpen: true, onOpenChange });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('keeps the trigger own ref', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Popover
        label="Menu"
        trigger={
          <button ref={ref} type="button">
            Open
          </button>
        }
      >
        x
      </Popover>,
    );
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Open' }));
  });

  it('flips above its anchor when there is no room below', async () => {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      if (this.textContent === 'Filters' && this.tagName === 'BUTTON') return rect(10, 700, 80, 30);
      if (this.getAttribute('role') === 'dialog') return rect(0, 0, 200, 200);
      return rect(0, 0, 0, 0);
    });
    const user = userEvent.setup();
    renderPopover({ placement: 'bottom-start' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await waitFor(() =>
      expect(screen.getByRole('dialog')).toHaveAttribute('data-placement', 'top-start'),
    );
  });
});
