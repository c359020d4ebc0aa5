import { useId, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from '../icons/icons';
import styles from './card.module.css';

export interface CardProps {
  /** Heading of the card; also names its checkbox and disclosure button. */
  title: string;
  /** Heading level of the title (default 3). */
  headingLevel?: 2 | 3 | 4;
  subtitle?: ReactNode;
  /** Always shown, under the header (e.g. the key figures of a drum). */
  summary?: ReactNode;
  /**
   * The body: always shown for a plain card; for a collapsible one, drawn only when expanded (a
   * list of collapsed cards draws none of their bodies; give the body as a component of its own,
   * so that what it computes is not computed either).
   */
  children?: ReactNode;
  /** Buttons or links at the end of the header. */
  actions?: ReactNode;
  /** Makes the card collapsible (APG disclosure); implied by the expand props below. */
  isCollapsible?: boolean;
  /** Controlled expanded state. */
  isExpanded?: boolean;
  /** Initial expanded state when uncontrolled. */
  defaultExpanded?: boolean;
  onExpandedChange?: (isExpanded: boolean) => void;
  /** Makes the card checkable (e.g. for a grouped refill); implied by the check props below. */
  isCheckable?: boolean;
  /** Controlled checked state. */
  isChecked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (isChecked: boolean) => void;
  /** Accessible name of the checkbox; defaults to the title. */
  checkLabel?: string;
  className?: string;
}

/** A card: collapsed or expanded, checked or unchecked. */
export function Card({
  title,
  headingLevel = 3,
  subtitle,
  summary,
  children,
  actions,
  isCollapsible,
  isExpanded,
  defaultExpanded = false,
  onExpandedChange,
  isCheckable,
  isChecked,
  defaultChecked = false,
  onCheckedChange,
  checkLabel,
  className,
}: CardProps) {
  const id = useId();
  const collapsible =
    isCollapsible ??
    (isExpanded !== undefined || onExpandedChange !== undefined || defaultExpanded);
  const checkable = isCheckable ?? (isChecked !== undefined || onCheckedChange !== undefined);
  const [expandedState, setExpandedState] = useState(defaultExpanded);
  const [checkedState, setCheckedState] = useState(defaultChecked);
  const expanded = collapsible ? (isExpanded ?? expandedState) : true;
  const checked = isChecked ?? checkedState;
  const Heading = `h${headingLevel}` as const;

  const toggle = () => {
    const next = !expanded;
    if (isExpanded === undefined) setExpandedState(next);
    onExpandedChange?.(next);
  };

  return (
    <article
      className={className ? `${styles.card} ${className}` : styles.card}
      aria-labelledby={`${id}-title`}
      data-expanded={collapsible && expanded ? '' : undefined}
      data-checked={checkable && checked ? '' : undefined}
    >
      <div className={styles.header}>
        {checkable ? (
          <input
            type="checkbox"
            className={styles.check}
            checked={checked}
            aria-label={checkLabel ?? title}
            onChange={(event) => {
              if (isChecked === undefined) setCheckedState(event.target.checked);
              onCheckedChange?.(event.target.checked);
            }}
          />
        ) : null}
        <Heading className={styles.heading}>
          {collapsible ? (
            <button
              type="button"
              className={styles.toggle}
              aria-expanded={expanded}
              aria-controls={`${id}-body`}
              onClick={toggle}
            >
              <span id={`${id}-title`} className={styles.title}>
                {title}
              </span>
              <ChevronDownIcon className={styles.chevron} />
            </button>
          ) : (
            <span id={`${id}-title`} className={styles.title}>
              {title}
            </span>
          )}
          {subtitle ? <span className={styles.subtitle}>{subtitle}</span> : null}
        </Heading>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {summary}
      {children !== undefined ? (
        // Kept while collapsed, empty, as what the disclosure button controls.
        <div id={`${id}-body`} hidden={!expanded}>
          {expanded ? children : null}
        </div>
      ) : null}
    </article>
  );
}
