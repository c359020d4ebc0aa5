import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, type TabItem } from './tabs';

const items: TabItem[] = [
  { id: 'a', label: 'Alpha', content: 'Panel A' },
  { id: 'b', label: 'Beta', content: 'Panel B' },
  { id: 'c', label: 'Gamma', content: 'Panel C' },
];

describe('Tabs', () => {
  it('links tabs and panels and selects the first tab', () => {
    render(<Tabs label="Modes" items={items} />);
    expect(screen.getByRole('tablist', { name: 'Modes' })).toBeInTheDocument();
    const alpha = screen.getByRole('tab', { name: 'Alpha' });
    expect(alpha).toHaveAttribute('aria-selected', 'true');
    expect(alpha).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Beta' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Alpha' })).toHaveTextContent('Panel A');
  });

  it('selects on click and reports the change', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Tabs label="Modes" items={items} onChange={onChange} />);
    await user.click(screen.getByRole('tab', { name: 'Gamma' }));
    expect(onChange).toHaveBeenCalledWith('c');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel C');
  });

  it('moves with arrows (wrapping), Home and End, selecting automatically', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Modes" items={items} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Alpha' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Gamma' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel C');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Alpha' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Gamma' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Alpha' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('waits for Enter in manual activation', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Modes" items={items} activation="manual" />);
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Beta' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel A');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel B');
  });

  it('skips disabled tabs', async () => {
    const user = userEvent.setup();
    render(
      <Tabs
        label="Modes"
        items={items.map((item) => ({ ...item, isDisabled: item.id === 'b' }))}
      />,
    );
    expect(screen.getByRole('tab', { name: 'Beta' })).toBeDisabled();
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Gamma' })).toHaveFocus();
  });

  it('is controlled by selectedId', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Tabs label="Modes" items={items} selectedId="b" onChange={onChange} />);
    await user.click(screen.getByRole('tab', { name: 'Alpha' }));
    expect(onChange).toHaveBeenCalledWith('a');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel B');
  });

  it('marks full-width tabs for styling', () => {
    const { container } = render(<Tabs label="Modes" items={items} isFullWidth />);
    expect(container.firstElementChild).toHaveAttribute('data-full-width', 'true');
  });
});
