import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { matchesQuery, registerCommands } from '@/lib/commands';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { CommandPalette } from './command-palette';

const refill = vi.fn();
const parts = vi.fn();
let unregister: () => void = () => undefined;

function registerTestCommands() {
  unregister = registerCommands({
    id: 'test',
    getCommands: (query) =>
      [
        { id: 'refill', label: 'Go to Refill', group: 'Go to', perform: refill },
        { id: 'parts', label: 'Go to Spare parts', group: 'Go to', perform: parts },
      ].filter((command) => matchesQuery(query, command.label)),
  });
}

describe('command palette', () => {
  beforeAll(() => initTestI18n('en'));
  afterEach(() => {
    unregister();
    refill.mockClear();
    parts.mockClear();
  });

  it('opens with Ctrl+K and Cmd+K, lists the registered entries, closes with Escape', async () => {
    registerTestCommands();
    const user = userEvent.setup();
    render(<CommandPalette />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Command palette' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Go to Refill' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.keyboard('{Meta>}k{/Meta}');
    expect(await screen.findByRole('dialog', { name: 'Command palette' })).toBeInTheDocument();
  });

  it('filters after the 500 ms debounce and runs the chosen entry with the keyboard', async () => {
    registerTestCommands();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<CommandPalette />);
    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('combobox');
    await screen.findByRole('option', { name: 'Go to Refill' });
    await waitFor(() => expect(input).toHaveFocus());
    await user.type(input, 'spare');
    // Not yet: the search waits for the debounce.
    expect(screen.getByRole('option', { name: 'Go to Refill' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(500));
    await waitFor(() =>
      expect(screen.queryByRole('option', { name: 'Go to Refill' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('option', { name: 'Go to Spare parts' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    expect(parts).toHaveBeenCalledOnce();
    expect(refill).not.toHaveBeenCalled();
    vi.useRealTimers();
  });

  it('arrow keys move the active option', async () => {
    registerTestCommands();
    const user = userEvent.setup();
    render(<CommandPalette />);
    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('combobox');
    await screen.findByRole('option', { name: 'Go to Spare parts' });
    await waitFor(() => expect(input).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    const second = screen.getByRole('option', { name: 'Go to Spare parts' });
    expect(input).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(refill).toHaveBeenCalledOnce();
  });
});
