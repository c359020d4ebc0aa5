import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ListBoxOption } from './list-box';

describe('ListBoxOption', () => {
  it('is an option, selected or not, shown active, chosen by a click, made active by the pointer', () => {
    const onActivate = vi.fn();
    const onChoose = vi.fn();
    render(
      <div role="listbox" aria-label="Sites">
        <ListBoxOption id="site-1" isSelected isActive onActivate={onActivate} onChoose={onChoose}>
          Lyon
        </ListBoxOption>
        <ListBoxOption
          id="site-2"
          isSelected={false}
          isActive={false}
          onActivate={vi.fn()}
          onChoose={vi.fn()}
        >
          Paris
        </ListBoxOption>
      </div>,
    );
    const lyon = screen.getByRole('option', { name: 'Lyon', selected: true });
    expect(lyon).toHaveAttribute('data-active');
    expect(screen.getByRole('option', { name: 'Paris', selected: false })).not.toHaveAttribute(
      'data-active',
    );
    fireEvent.mouseMove(lyon);
    fireEvent.click(lyon);
    expect(onActivate).toHaveBeenCalledOnce();
    expect(onChoose).toHaveBeenCalledOnce();
  });

  it('keeps focus on its owner when pressed, if asked', () => {
    render(
      <ListBoxOption
        id="a"
        isSelected={false}
        isActive={false}
        onActivate={vi.fn()}
        onChoose={vi.fn()}
        keepsFocus
      >
        A
      </ListBoxOption>,
    );
    const pressed = fireEvent.mouseDown(screen.getByRole('option', { name: 'A' }));
    expect(pressed).toBe(false);
  });
});
