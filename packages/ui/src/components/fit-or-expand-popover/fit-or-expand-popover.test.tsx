import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FitOrExpandPopover } from './fit-or-expand-popover';

describe('FitOrExpandPopover', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is at least as wide as its anchor and at most 250 px wider', async () => {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      const width = this.tagName === 'BUTTON' ? 180 : 0;
      return {
        x: 0,
        y: 0,
        width,
        height: 30,
        top: 0,
        left: 0,
        right: width,
        bottom: 30,
        toJSON: () => ({}),
      };
    });
    const user = userEvent.setup();
    render(
      <FitOrExpandPopover label="Sites" trigger={<button type="button">Site</button>}>
        <p>Lyon</p>
      </FitOrExpandPopover>,
    );
    await user.click(screen.getByRole('button', { name: 'Site' }));
    const popover = screen.getByRole('dialog', { name: 'Sites' });
    expect(popover).toHaveAttribute('data-width-mode', 'fit-or-expand');
    await waitFor(() => expect(popover.style.minWidth).toBe('180px'));
    expect(popover.style.maxWidth).toBe('430px');
  });
});
