import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { matchesQuery, registerCommands } from '@/lib/commands';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { CommandPalette } from './command-palette';

// jsdom lacks what cmdk calls; browsers have both.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

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

  it('filters at once, asks the sources after the 500 ms debounce, runs the entry on Enter', async () => {
    const asked: string[] = [];
    registerTestCommands();
    const stopSpy = registerCommands({
      id: 'spy',
      getCommands: (query) => {
        asked.push(query);
        return [];
      },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<CommandPalette />);
    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('combobox');
    await screen.findByRole('option', { name: 'Go to Refill' });
    await waitFor(() => expect(input).toHaveFocus());
    await user.type(input, 'spare');
    expect(screen.queryByRole('option', { name: 'Go to Refill' })).not.toBeInTheDocument();
    expect(asked).not.toContain('spare');
    act(() => vi.advanceTimersByTime(500));
    await waitFor(() => expect(asked).toContain('spare'));
    expect(screen.getByRole('option', { name: 'Go to Spare parts' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    expect(parts).toHaveBeenCalledOnce();
    expect(refill).not.toHaveBeenCalled();
    vi.useRealTimers();
    stopSpy();
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
    expect(second).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    // The list loops: after the last entry comes the first.
    expect(refill).toHaveBeenCalledOnce();
  });
});
