import type { ReactNode, SVGProps } from 'react';
import styles from './icons.module.css';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Width and height in pixels. */
  size?: number;
  /**
   * Accessible name. Icons are decorative (`aria-hidden`) by default because they sit beside a
   * visible text or inside a labelled button; give a label only to an icon that stands alone.
   */
  label?: string;
}

type Tone = 'error' | 'success' | 'warning' | 'info';

// Pure: an icon nobody imports is dropped from the bundle instead of riding in every page.
/* @__NO_SIDE_EFFECTS__ */
function createIcon(displayName: string, paths: ReactNode, tone?: Tone) {
  function Icon({ size = 20, label, className, ...rest }: IconProps) {
    const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        className={className ? `${styles.icon} ${className}` : styles.icon}
        data-tone={tone}
        {...a11y}
        {...rest}
      >
        {paths}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const CartIcon = createIcon(
  'CartIcon',
  <>
    <circle cx="9" cy="20" r="1.5" />
    <circle cx="18" cy="20" r="1.5" />
    <path d="M2 3h3l2.6 12.4a1 1 0 0 0 1 .8h9.8a1 1 0 0 0 1-.8L21 7H6" />
  </>,
);
export const BatteryIcon = createIcon(
  'BatteryIcon',
  <>
    <rect x="2" y="7" width="17" height="10" rx="2" />
    <path d="M22 11v2M6 10v4M10 10v4" />
  </>,
);
export const CalculatorIcon = createIcon(
  'CalculatorIcon',
  <>
    <rect x="4" y="2" width="16" height="20" rx="2" />
    <path d="M8 6h8M8 11h.01M12 11h.01M16 11h.01M8 15h.01M12 15h.01M16 15v3M8 18h.01M12 18h.01" />
  </>,
);
export const MenuIcon = createIcon('MenuIcon', <path d="M3 6h18M3 12h18M3 18h18" />);
export const CloseIcon = createIcon('CloseIcon', <path d="M6 6l12 12M18 6 6 18" />);
export const ErrorIcon = createIcon(
  'ErrorIcon',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 7v6M12 16.5h.01" />
  </>,
  'error',
);
export const InfoIcon = createIcon(
  'InfoIcon',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 11v6M12 7.5h.01" />
  </>,
  'info',
);
export const SuccessIcon = createIcon(
  'SuccessIcon',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m7.5 12 3 3 6-6" />
  </>,
  'success',
);
export const WarningIcon = createIcon(
  'WarningIcon',
  <>
    <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
    <path d="M12 9v4M12 17h.01" />
  </>,
  'warning',
);
export const ChevronDownIcon = createIcon('ChevronDownIcon', <path d="m6 9 6 6 6-6" />);
export const ChevronLeftIcon = createIcon('ChevronLeftIcon', <path d="m15 18-6-6 6-6" />);
export const ChevronRightIcon = createIcon('ChevronRightIcon', <path d="m9 18 6-6-6-6" />);
export const SearchIcon = createIcon(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m21 21-4.3-4.3" />
  </>,
);
export const GlobeIcon = createIcon(
  'GlobeIcon',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
  </>,
);
export const UserIcon = createIcon(
  'UserIcon',
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);
export const LogoutIcon = createIcon(
  'LogoutIcon',
  <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />,
);
export const PlusIcon = createIcon('PlusIcon', <path d="M12 5v14M5 12h14" />);
export const TrashIcon = createIcon(
  'TrashIcon',
  <path d="M3 6h18M8 6V4h8v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6M10 11v6M14 11v6" />,
);
export const UploadIcon = createIcon(
  'UploadIcon',
  <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12" />,
);
export const CheckIcon = createIcon('CheckIcon', <path d="M20 6 9 17l-5-5" />);
