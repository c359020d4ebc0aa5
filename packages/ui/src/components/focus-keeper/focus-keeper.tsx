import { Component, type ReactNode, type RefObject } from 'react';

/** The attribute that names an item of a kept list: its stable id (a row's, a card's). */
export const FOCUS_KEY_ATTRIBUTE = 'data-focus-key';

export interface FocusKeeperProps {
  /** The element around the list; only a focus inside it is kept. */
  containerRef: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/** Where the focus stood before a render: its element, its item's key, its rank in the item. */
interface FocusSnapshot {
  element: HTMLElement;
  key: string;
  rank: number;
}

const focusables =
  'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

function itemOf(element: Element): HTMLElement | null {
  return element.closest<HTMLElement>(`[${FOCUS_KEY_ATTRIBUTE}]`);
}

/**
 * Keeps the keyboard focus on the same item of a list that changes under it (rows read again,
 * reordered, added, or taken out for a moment while the new list is drawn). React keeps the focus
 * of a node it only moves, but an item drawn anew or out of the page for a render loses it: the
 * focus falls back to the page's body, and a keyboard or screen reader user starts over from the
 * top. Each item carries its stable id in `data-focus-key`; when a render leaves the focus on
 * nothing, it goes back to the control at the same rank of the same item, as soon as that item is
 * on the page again. A focus the person moved elsewhere is never taken back.
 */
export class FocusKeeper extends Component<FocusKeeperProps> {
  /** The focus a render took away, given back once its item is drawn again. */
  private lost: FocusSnapshot | null = null;

  override getSnapshotBeforeUpdate(): FocusSnapshot | null {
    const container = this.props.containerRef.current;
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body) return null;
    // The person is somewhere else now: what was lost stays lost.
    this.lost = null;
    if (!container?.contains(active)) return null;
    const item = itemOf(active);
    const key = item?.getAttribute(FOCUS_KEY_ATTRIBUTE);
    if (!item || key === null || key === undefined) return null;
    const rank = Array.from(item.querySelectorAll(focusables)).indexOf(active);
    return { element: active, key, rank };
  }

  override componentDidUpdate(
    _previous: FocusKeeperProps,
    _state: unknown,
    snapshot: FocusSnapshot | null,
  ) {
    const wanted = snapshot ?? this.lost;
    if (!wanted) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body && active !== wanted.element) {
      this.lost = null;
      return;
    }
    if (active === wanted.element) return;
    const target = this.find(wanted);
    if (target) {
      this.lost = null;
      target.focus();
    } else {
      this.lost = wanted;
    }
  }

  private find({ element, key, rank }: FocusSnapshot): HTMLElement | null {
    const container = this.props.containerRef.current;
    if (!container) return null;
    if (element.isConnected && container.contains(element)) return element;
    const item = Array.from(
      container.querySelectorAll<HTMLElement>(`[${FOCUS_KEY_ATTRIBUTE}]`),
    ).find((candidate) => candidate.getAttribute(FOCUS_KEY_ATTRIBUTE) === key);
    if (!item) return null;
    const controls = item.querySelectorAll<HTMLElement>(focusables);
    return controls[rank] ?? controls[0] ?? null;
  }

  override render() {
    return this.props.children;
  }
}
