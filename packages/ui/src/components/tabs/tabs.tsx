import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './tabs.module.css';
import { useControllableState } from '../../internal/use-controllable-state';

export interface TabItem {
  /** Stable id, the value of `selectedId`. */
  id: string;
  /** Visible tab text. */
  label: ReactNode;
  /** The panel shown when the tab is selected. */
  content: ReactNode;
  isDisabled?: boolean;
}

export interface TabsProps {
  /** Accessible name of the tab list. */
  label: string;
  /** The tabs and their panels. */
  items: TabItem[];
  /** Selected tab (controlled). */
  selectedId?: string;
  /** Initially selected tab (uncontrolled); the first enabled tab by default. */
  defaultSelectedId?: string;
  /** Called with the id of the newly selected tab. */
  onChange?: (id: string) => void;
  /**
   * `automatic` (default) selects a tab as soon as it receives focus; `manual` waits for
   * Enter or Space (APG: for panels that are slow to show).
   */
  activation?: 'automatic' | 'manual';
  /** Stretches the tabs over the whole width (e.g. on phones). */
  isFullWidth?: boolean;
}

/** Tabs (WAI-ARIA APG tabs pattern with roving focus). */
export function Tabs({
  label,
  items,
  selectedId: selectedProp,
  defaultSelectedId,
  onChange,
  activation = 'automatic',
  isFullWidth = false,
}: TabsProps) {
  const id = useId();
  const firstEnabled = items.find((item) => !item.isDisabled)?.id ?? '';
  const [selectedId, setSelectedId] = useControllableState(
    selectedProp,
    defaultSelectedId ?? firstEnabled,
    onChange,
  );
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const enabled = items.filter((item) => !item.isDisabled);

  const select = (tabId: string) => {
    if (tabId !== selectedId) setSelectedId(tabId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, tabId: string) => {
    const index = enabled.findIndex((item) => item.id === tabId);
    let next: TabItem | undefined;
    switch (event.key) {
      case 'ArrowRight':
        next = enabled[(index + 1) % enabled.length];
        break;
      case 'ArrowLeft':
        next = enabled[(index - 1 + enabled.length) % enabled.length];
        break;
      case 'Home':
        next = enabled[0];
        break;
      case 'End':
        next = enabled[enabled.length - 1];
        break;
      default:
        return;
    }
    event.preventDefault();
    if (!next) return;
    tabRefs.current.get(next.id)?.focus();
    if (activation === 'automatic') select(next.id);
  };

  return (
    <div className={styles.tabs} data-full-width={isFullWidth || undefined}>
      <div role="tablist" aria-label={label} className={styles.list}>
        {items.map((item) => {
          const isSelected = item.id === selectedId;
          return (
            <button
              key={item.id}
              ref={(element) => {
                if (element) tabRefs.current.set(item.id, element);
                else tabRefs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.id}`}
              aria-selected={isSelected}
              aria-controls={`${id}-panel-${item.id}`}
              tabIndex={isSelected ? 0 : -1}
              disabled={item.isDisabled}
              className={styles.tab}
              data-selected={isSelected || undefined}
              onClick={() => select(item.id)}
              onKeyDown={(event) => onKeyDown(event, item.id)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) =>
        item.id === selectedId ? (
          <div
            key={item.id}
            role="tabpanel"
            id={`${id}-panel-${item.id}`}
            aria-labelledby={`${id}-tab-${item.id}`}
            // APG: the panel is focusable so keyboard users reach content without focusable parts.
            tabIndex={0}
            className={styles.panel}
          >
            {item.content}
          </div>
        ) : null,
      )}
    </div>
  );
}
