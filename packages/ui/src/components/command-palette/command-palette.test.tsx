import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../dialog/dialog';
import { CommandPalette, type CommandGroup } from './command-palette';
import { useCommandPaletteShortcut } from './use-command-palette-shortcut';

function makeGroups(onSelect = vi.fn()): CommandGroup[] {
  return [
    {
      id: 'nav',
      heading: 'Navigate',
      items: [
        { id: 'refill', label: 'Refill', keywords: ['drums'], onSelect: () => onSelect('refill') },
        { id: 'calculator', label: 'Calculator', onSelect: () => onSelect('calculator') },
      ],
    },
    {
      id: 'account',
      heading: 'Account',
      items: [
        { id: 'signout', label: 'Sign out', onSelect: () => onSelect('signout') },
        {
          id: 'admin',
          label: 'Administration',
          isDisabled: true,
          onSelect: () => onSelect('admin'),
        },
      ],
    },
  ];
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

/** Lets Floating UI mount the portal and move focus (it waits for an animation frame). */
function settle() {
  act(() => vi.advanceTimersByTime(50));
}

describe('useCommandPaletteShortcut', () => {
  it('calls back on Ctrl+K and Cmd+K only while enabled', () => {
    const onOpen = vi.fn();
    const { rerender } = renderHook(({ enabled }) => useCommandPaletteShortcut(onOpen, enabled), {
      initialProps: { enabled: true },
    });
    fireEvent.keyDown(document, { key: 'k', ctrlKey: true });
    fireEvent.keyDown(document, { key: 'K', metaKey: true });
    fireEvent.keyDown(document, { key: 'k' });
    expect(onOpen).toHaveBeenCalledTimes(2);
    rerender({ enabled: false });
    fireEvent.keyDown(document, { key: 'k', ctrlKey: true });
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('does not open the palette behind an open modal dialog, and does once it is closed', () => {
    const onOpen = vi.fn();
    function Page({ isDialogOpen }: { isDialogOpen: boolean }) {
      useCommandPaletteShortcut(onOpen);
      return <Dialog isOpen={isDialogOpen} onClose={vi.fn()} title="Consent" />;
    }
    const { rerender } = render(<Page isDialogOpen />);
    fireEvent.keyDown(document, { key: 'k', ctrlKey: true });
    expect(onOpen).not.toHaveBeenCalled();
    rerender(<Page isDialogOpen={false} />);
    fireEvent.keyDown(document, { key: 'k', ctrlKey: true });
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});

describe('CommandPalette', { timeout: 20_000 }, () => {
  it('opens with Ctrl+K with the search box focused, and with Cmd+K', async () => {
    const user = setup();
    const onOpenChange = vi.fn();
    render(<CommandPalette label="Commands" groups={makeGroups()} onOpenChange={onOpenChange} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.keyboard('{Control>}k{/Control}');
    settle();
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    expect(screen.getByRole('dialog', { name: 'Commands' })).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('combobox', { name: 'Commands' })).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Navigate' })).toBeInTheDocument();
  });

  it('does not listen to Ctrl+K without hasShortcut', async () => {
    const user = setup();
    render(<CommandPalette label="Commands" groups={makeGroups()} hasShortcut={false} />);
    await user.keyboard('{Meta>}k{/Meta}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on Escape after a 120 ms closing animation', async () => {
    const user = setup();
    const onOpenChange = vi.fn();
    render(
      <CommandPalette
        label="Commands"
        groups={makeGroups()}
        defaultOpen
        onOpenChange={onOpenChange}
      />,
    );
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole('dialog')).toHaveAttribute('data-state', 'closing');
    // The fake clock also follows real time here, so the checks keep a margin around 120 ms.
    act(() => vi.advanceTimersByTime(90));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(30));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on a click outside', async () => {
    const onOpenChange = vi.fn();
    render(
      <CommandPalette label="Commands" groups={makeGroups()} isOpen onOpenChange={onOpenChange} />,
    );
    settle();
    const overlay = screen.getByRole('dialog').parentElement;
    if (!overlay) throw new Error('no overlay');
    fireEvent.mouseDown(overlay);
    fireEvent.pointerDown(overlay);
    fireEvent.click(overlay);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('filters by label and keywords and says "No result"', async () => {
    const user = setup();
    render(<CommandPalette label="Commands" groups={makeGroups()} defaultOpen />);
    settle();
    const search = screen.getByRole('combobox', { name: 'Commands' });
    await user.type(search, 'drums');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Refill']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No result')).toBeInTheDocument();
  });

  it('runs the chosen command with arrows and Enter, then closes', async () => {
    const user = setup();
    const onSelect = vi.fn();
    render(<CommandPalette label="Commands" groups={makeGroups(onSelect)} defaultOpen />);
    settle();
    expect(screen.getByRole('combobox', { name: 'Commands' })).toHaveFocus();
    expect(screen.getByRole('option', { name: 'Refill' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Calculator' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('calculator');
    expect(screen.getByRole('dialog')).toHaveAttribute('data-state', 'closing');
  });

  it('stays open after a choice when closeOnSelect is false, and skips disabled items', async () => {
    const user = setup();
    const onSelect = vi.fn();
    render(
      <CommandPalette
        label="Commands"
        groups={makeGroups(onSelect)}
        defaultOpen
        closeOnSelect={false}
      />,
    );
    await user.click(screen.getByRole('option', { name: 'Sign out' }));
    expect(onSelect).toHaveBeenCalledWith('signout');
    expect(screen.getByRole('dialog')).toHaveAttribute('data-state', 'open');
    const admin = screen.getByRole('option', { name: 'Administration' });
    expect(admin).toHaveAttribute('aria-disabled', 'true');
    await user.click(admin);
    expect(onSelect).not.toHaveBeenCalledWith('admin');
  });

  it('debounces onSearch by 500 ms and shows server results unfiltered', async () => {
    const user = setup();
    const onSearch = vi.fn();
    render(
      <CommandPalette label="Commands" groups={makeGroups()} defaultOpen onSearch={onSearch} />,
    );
    act(() => vi.advanceTimersByTime(500));
    onSearch.mockClear();
    await user.type(screen.getByRole('combobox'), 'DR-42');
    // The fake clock also follows real time here, so the checks keep a margin around 500 ms.
    act(() => vi.advanceTimersByTime(450));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(50));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('DR-42');
    expect(screen.getAllByRole('option')).toHaveLength(4);
  });

  it('shows a loading indicator while pending', () => {
    render(
      <CommandPalette
        label="Commands"
        groups={[]}
        defaultOpen
        isPending
        labels={{ loading: 'Chargement' }}
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'Chargement' })).toBeInTheDocument();
    expect(screen.queryByText('No result')).toBeNull();
  });

  it('takes translated labels', () => {
    render(
      <CommandPalette
        label="Commandes"
        groups={[]}
        defaultOpen
        labels={{ search: 'Rechercher...', empty: 'Aucun résultat' }}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Commandes' })).toHaveAttribute(
      'placeholder',
      'Rechercher...',
    );
    expect(screen.getByText('Aucun résultat')).toBeInTheDocument();
  });
});
