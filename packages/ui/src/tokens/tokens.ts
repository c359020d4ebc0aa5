/** The breakpoints, for media queries in code (CSS cannot read custom properties there). */
export const breakpoints = {
  smallTablet: 576,
  tablet: 768,
  desktop: 1280,
  /** Where the navigation names its pages beside the icons and the widest table still fits. */
  wide: 1600,
} as const;

export type Breakpoint = keyof typeof breakpoints;

/**
 * Under a breakpoint: `(width < 768px)` for a phone. The one way the app writes a breakpoint,
 * in code and in CSS (range syntax, no 767.98 nor 768 inclusive): a width is on one side only.
 */
export function belowQuery(breakpoint: Breakpoint): string {
  return `(width < ${breakpoints[breakpoint]}px)`;
}

/** At or above a breakpoint: `(width >= 768px)` from a tablet up. */
export function fromQuery(breakpoint: Breakpoint): string {
  return `(width >= ${breakpoints[breakpoint]}px)`;
}

/**
 * One design token: a custom property of tokens.css and its value there. The sets below are what
 * Storybook's token pages show, and a test keeps them equal to tokens.css, so neither can drift.
 */
export interface DesignToken {
  /** The custom property, read as `var(--space-sm)`. */
  readonly name: `--${string}`;
  /** Its value in tokens.css (at the smallest width, motion allowed). */
  readonly value: string;
  /** When to use it, where the name does not say. */
  readonly use?: string;
}

/** The spacing scale: steps of 4 and 8 px, and a 2 px step for hairline gaps. */
export const spacingTokens: readonly DesignToken[] = [
  {
    name: '--space-2xs',
    value: '2px',
    use: 'Hairline gaps: a mark beside its text, a close cross.',
  },
  { name: '--space-xs', value: '4px' },
  { name: '--space-sm', value: '8px' },
  { name: '--space-md', value: '12px' },
  { name: '--space-lg', value: '16px' },
  { name: '--space-xl', value: '24px', use: 'The grid gap.' },
  { name: '--space-2xl', value: '36px' },
  { name: '--space-3xl', value: '72px' },
];

/** Maximum widths of content, and the fixed heights of the shell. */
export const sizeTokens: readonly DesignToken[] = [
  { name: '--width-xs', value: '480px' },
  { name: '--width-sm', value: '600px' },
  { name: '--width-md', value: '768px' },
  { name: '--width-lg', value: '900px' },
  { name: '--width-xl', value: '1200px' },
  { name: '--width-2xl', value: '1600px' },
  { name: '--width-3xl', value: '2000px' },
  { name: '--size-icon', value: '24px' },
  { name: '--height-header', value: '72px' },
  { name: '--height-navbar', value: '60px', use: '72px from the desktop breakpoint.' },
  { name: '--height-navbar-item', value: '48px', use: '60px from the desktop breakpoint.' },
  {
    name: '--width-navbar-labelled',
    value: '232px',
    use: 'The navigation from the desktop breakpoint, every page named beside its icon.',
  },
  { name: '--height-footer', value: '36px' },
];

/** The palettes: the steps every colour role is taken from. */
export const paletteTokens: readonly DesignToken[] = [
  { name: '--gray-0', value: '#ffffff' },
  { name: '--gray-50', value: '#f6f7f9' },
  { name: '--gray-100', value: '#eceef2' },
  { name: '--gray-200', value: '#d9dde4' },
  { name: '--gray-300', value: '#bfc5cf' },
  { name: '--gray-400', value: '#8d95a3' },
  { name: '--gray-500', value: '#6b7280' },
  { name: '--gray-600', value: '#4b5260' },
  { name: '--gray-700', value: '#363b46' },
  { name: '--gray-800', value: '#22262e' },
  { name: '--gray-900', value: '#14171c' },
  { name: '--red-50', value: '#fdecec' },
  { name: '--red-100', value: '#f9d0d0' },
  { name: '--red-500', value: '#d92b2b' },
  { name: '--red-600', value: '#c01f1f' },
  { name: '--red-700', value: '#9f1717' },
  { name: '--blue-50', value: '#eaf1fb' },
  { name: '--blue-100', value: '#cfe0f6' },
  { name: '--blue-500', value: '#1f63c6' },
  { name: '--blue-600', value: '#1852a8' },
  { name: '--blue-700', value: '#123f82' },
  { name: '--highlight-blue', value: '#0a84ff' },
  { name: '--error-red', value: '#c41e1e' },
  { name: '--error-red-bg', value: '#fdecec' },
  { name: '--success-green', value: '#1e7b34' },
  { name: '--success-green-bg', value: '#e7f5ea' },
  { name: '--warning-orange', value: '#8a5300' },
  { name: '--warning-orange-bg', value: '#fff3dc' },
  { name: '--info-blue', value: '#1852a8' },
  { name: '--info-blue-bg', value: '#eaf1fb' },
  { name: '--progress-violet', value: '#5b3cc4' },
  { name: '--progress-violet-bg', value: '#f0ecfb' },
];

/** The colour roles components read: a palette step named for what it does. */
export const colorRoleTokens: readonly DesignToken[] = [
  { name: '--color-text', value: 'var(--gray-900)' },
  { name: '--color-text-muted', value: 'var(--gray-600)' },
  { name: '--color-background', value: 'var(--gray-0)' },
  { name: '--color-surface', value: 'var(--gray-50)' },
  { name: '--color-surface-muted', value: 'var(--gray-100)' },
  { name: '--color-border', value: 'var(--gray-300)' },
  { name: '--color-primary', value: 'var(--blue-600)' },
  { name: '--color-primary-hover', value: 'var(--blue-700)' },
  { name: '--color-destructive', value: 'var(--red-600)' },
  { name: '--color-destructive-hover', value: 'var(--red-700)' },
  { name: '--color-warning', value: 'var(--warning-orange)' },
  { name: '--color-warning-surface', value: 'var(--warning-orange-bg)' },
  { name: '--color-focus', value: 'var(--highlight-blue)' },
  {
    name: '--color-scrim',
    value: 'rgb(20 23 28 / 40%)',
    use: 'Behind the navigation drawer and the palette.',
  },
  { name: '--color-scrim-strong', value: 'rgb(20 23 28 / 48%)', use: 'Behind a dialog.' },
  { name: '--color-veil', value: 'rgb(255 255 255 / 60%)', use: 'Over a table while it loads.' },
];

/** What a colour means: each meaning, its tokens, and the text-on-background pairs it is read in. */
export interface SemanticColour {
  readonly meaning: 'action' | 'danger' | 'warning' | 'success' | 'progress' | 'neutral';
  readonly use: string;
  /** Each pair must reach 4.5:1 (WCAG AA for body text); the page shows the figure. */
  readonly pairs: readonly { readonly text: `--${string}`; readonly background: `--${string}` }[];
}

export const semanticColours: readonly SemanticColour[] = [
  {
    meaning: 'action',
    use: 'Links, primary buttons, the selected item.',
    pairs: [
      { text: '--color-primary', background: '--color-background' },
      { text: '--gray-0', background: '--color-primary' },
      { text: '--gray-0', background: '--color-primary-hover' },
    ],
  },
  {
    meaning: 'danger',
    use: 'Destructive buttons, errors, required marks.',
    pairs: [
      { text: '--gray-0', background: '--color-destructive' },
      { text: '--error-red', background: '--color-background' },
      { text: '--error-red', background: '--error-red-bg' },
    ],
  },
  {
    meaning: 'warning',
    use: 'Something needs attention soon: a drum running low, a silent sensor.',
    pairs: [
      { text: '--color-warning', background: '--color-background' },
      { text: '--color-warning', background: '--color-warning-surface' },
    ],
  },
  {
    meaning: 'success',
    use: 'Done, delivered, valid.',
    pairs: [
      { text: '--success-green', background: '--color-background' },
      { text: '--success-green', background: '--success-green-bg' },
    ],
  },
  {
    meaning: 'progress',
    use: 'Booked for a day: a delivery or a pickup scheduled.',
    pairs: [
      { text: '--progress-violet', background: '--color-background' },
      { text: '--progress-violet', background: '--progress-violet-bg' },
    ],
  },
  {
    meaning: 'neutral',
    use: 'Text, borders and surfaces.',
    pairs: [
      { text: '--color-text', background: '--color-background' },
      { text: '--color-text-muted', background: '--color-background' },
      { text: '--color-text-muted', background: '--color-surface' },
      { text: '--color-text', background: '--color-surface-muted' },
    ],
  },
];

/** The type scale: one size per variant of the typography component. */
export const typeTokens: readonly DesignToken[] = [
  { name: '--font-family', value: "Arial, 'Helvetica Neue', Helvetica, sans-serif" },
  { name: '--font-size-h1', value: '2rem' },
  { name: '--font-size-h2', value: '1.625rem' },
  { name: '--font-size-h3', value: '1.375rem' },
  { name: '--font-size-h4', value: '1.125rem' },
  { name: '--font-size-h5', value: '1rem' },
  { name: '--font-size-subtitle1', value: '1rem' },
  { name: '--font-size-subtitle2', value: '0.875rem' },
  { name: '--font-size-body1', value: '1rem' },
  { name: '--font-size-body2', value: '0.875rem' },
  { name: '--font-size-small', value: '0.8125rem', use: 'A status mark, a code block.' },
  { name: '--font-size-caption', value: '0.75rem' },
  { name: '--font-size-overline', value: '0.75rem' },
  { name: '--line-height', value: '1.5' },
];

export const radiusTokens: readonly DesignToken[] = [
  { name: '--radius-sm', value: '4px', use: 'Fields, buttons, small boxes.' },
  { name: '--radius-md', value: '8px', use: 'Cards, dialogs, menus.' },
  { name: '--radius-pill', value: '999px', use: 'Round ends at any height: badges, switches.' },
];

export const shadowTokens: readonly DesignToken[] = [
  {
    name: '--shadow-md',
    value: '0 4px 16px rgb(20 23 28 / 16%)',
    use: 'What floats: menus, dialogs.',
  },
  {
    name: '--shadow-edge',
    value: 'rgb(20 23 28 / 24%)',
    use: 'The colour of the edge of a box whose content scrolls on past it.',
  },
];

/** How keyboard focus and a refusal are drawn. */
export const focusTokens: readonly DesignToken[] = [
  { name: '--focus-ring', value: '0 0 0 3px var(--color-focus)' },
  {
    name: '--focus-ring-inset',
    value: 'inset 0 0 0 3px var(--color-focus)',
    use: 'Inside the element: items of a box that clips or scrolls (tabs, navigation, menus).',
  },
  {
    name: '--focus-underline',
    value: 'inset 0 -2px 0 var(--color-focus)',
    use: 'Under a search field, where a ring would be clipped.',
  },
  {
    name: '--ring-error',
    value: '0 0 0 3px var(--error-red)',
    use: 'A refused close, when motion is reduced.',
  },
];

/** Durations: 0ms when the user asks for reduced motion. */
export const motionTokens: readonly DesignToken[] = [
  { name: '--duration-dialog', value: '150ms', use: 'A dialog opening or closing.' },
  { name: '--duration-toast-removal', value: '200ms', use: 'A toast leaving.' },
];

export const layerTokens: readonly DesignToken[] = [
  { name: '--z-navbar', value: '100' },
  { name: '--z-header', value: '200' },
  { name: '--z-popover', value: '1000' },
  { name: '--z-dialog', value: '1100' },
  { name: '--z-toast', value: '1200' },
];
