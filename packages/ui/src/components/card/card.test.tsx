import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Card } from './card';

describe('Card', () => {
  it('is an article named by its heading, with its content', () => {
    render(
      <Card title="Drum D-1042" subtitle="Lyon site">
        <p>Remaining 120 m</p>
      </Card>,
    );
    expect(screen.getByRole('article', { name: 'Drum D-1042' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Drum D-1042Lyon site');
    expect(screen.getByText('Remaining 120 m')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('collapses and expands with a disclosure button (uncontrolled), keeping the summary', async () => {
    const user = userEvent.setup();
    const onExpandedChange = vi.fn();
    render(
      <Card
        title="Drum D-1042"
        summary={<p>64%</p>}
        isCollapsible
        onExpandedChange={onExpandedChange}
      >
        <p>Details</p>
      </Card>,
    );
    const toggle = screen.getByRole('button', { name: 'Drum D-1042' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Collapsed, the body is not drawn at all; what the button controls is there, hidden.
    expect(screen.queryByText('Details')).toBeNull();
    const body = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(body).not.toBeVisible();
    expect(screen.getByText('64%')).toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Details')).toBeVisible();
    expect(screen.getByRole('article')).toHaveAttribute('data-expanded');
    await user.keyboard('{Enter}');
    expect(onExpandedChange.mock.calls).toEqual([[true], [false]]);
  });

  it('follows isExpanded when controlled and starts from defaultExpanded', async () => {
    const user = userEvent.setup();
    const onExpandedChange = vi.fn();
    const { unmount } = render(
      <Card title="A" isExpanded={false} onExpandedChange={onExpandedChange}>
        <p>Body</p>
      </Card>,
    );
    await user.click(screen.getByRole('button', { name: 'A' }));
    expect(onExpandedChange).toHaveBeenCalledWith(true);
    expect(screen.queryByText('Body')).toBeNull();
    unmount();
    render(
      <Card title="A" defaultExpanded>
        <p>Body</p>
      </Card>,
    );
    expect(screen.getByRole('button', { name: 'A' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('is checkable with a labelled checkbox', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(
      <Card
        title="Drum D-1042"
        checkLabel="Select drum D-1042"
        onCheckedChange={onCheckedChange}
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'Select drum D-1042' });
    await user.click(box);
    expect(box).toBeChecked();
    expect(onCheckedChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('article')).toHaveAttribute('data-checked');
  });

  it('follows isChecked when controlled', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(<Card title="Drum" isChecked onCheckedChange={onCheckedChange} />);
    await user.click(screen.getByRole('checkbox', { name: 'Drum' }));
    expect(onCheckedChange).toHaveBeenCalledWith(false);
    expect(screen.getByRole('checkbox')).toBeChecked();
  });
});
