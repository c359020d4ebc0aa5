import type { ElementType, HTMLAttributes, ReactNode } from 'react';
import styles from './typography.module.css';

export type TypographyVariant =
  | 'h1'
  | 'h2'
  | 'h3'
  | 'h4'
  | 'h5'
  | 'subtitle1'
  | 'subtitle2'
  | 'body1'
  | 'body2'
  | 'caption'
  | 'overline';

const defaultElements: Record<TypographyVariant, ElementType> = {
  h1: 'h1',
  h2: 'h2',
  h3: 'h3',
  h4: 'h4',
  h5: 'h5',
  subtitle1: 'p',
  subtitle2: 'p',
  body1: 'p',
  body2: 'p',
  caption: 'span',
  overline: 'span',
};

export interface TypographyProps extends HTMLAttributes<HTMLElement> {
  /** The look: a heading, subtitle, body, caption or overline variant. Default `body1`. */
  variant?: TypographyVariant;
  /**
   * The element, when the document outline needs another level than the look
   * (e.g. an `h2` that looks like `h4`). Defaults to the variant's natural element.
   */
  as?: ElementType;
  /** Text colour role. */
  tone?: 'default' | 'muted' | 'error';
  children?: ReactNode;
}

/** Text in one of the kit's typographic variants. */
export function Typography({
  variant = 'body1',
  as,
  tone = 'default',
  className,
  children,
  ...rest
}: TypographyProps) {
  const Element = as ?? defaultElements[variant];
  return (
    <Element
      className={className ? `${styles.typography} ${className}` : styles.typography}
      data-variant={variant}
      data-tone={tone}
      {...rest}
    >
      {children}
    </Element>
  );
}
