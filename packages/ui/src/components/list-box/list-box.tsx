import type { KeyboardEventHandler, ReactNode } from 'react';
import styles from './list-box.module.css';

export interface ListBoxOptionProps {
  /** Unique in the page: the list's `aria-activedescendant` names the active option by it. */
  id: string;
  isSelected: boolean;
  /** The option the keyboard is on (focus stays on the trigger, search box or list). */
  isActive: boolean;
  /** The pointer moved over it: it becomes the active option. */
  onActivate: () => void;
  onChoose: () => void;
  /** The list's keyboard handler, for a click that moved focus onto the option. */
  onKeyDown?: KeyboardEventHandler<HTMLDivElement>;
  /** Keeps focus where it is when the option is pressed (a search box or trigger). */
  keepsFocus?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * An option of a listbox whose focus stays on its owner (the APG's active-descendant pattern):
 * the active option is shown and named by id, the pointer makes an option active, a click
 * chooses it.
 */
export function ListBoxOption({
  id,
  isSelected,
  isActive,
  onActivate,
  onChoose,
  onKeyDown,
  keepsFocus = false,
  className,
  children,
}: ListBoxOptionProps) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={isSelected}
      tabIndex={-1}
      className={className ? `${styles.option} ${className}` : styles.option}
      data-active={isActive || undefined}
      data-selected={isSelected || undefined}
      onMouseMove={onActivate}
      onMouseDown={keepsFocus ? (event) => event.preventDefault() : undefined}
      onClick={onChoose}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  );
}
