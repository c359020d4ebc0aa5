// The kit's icons, in a few modules so that a page's first chunk carries only the ones it shows
// (a module is the unit a bundler splits by); import them all from here.
import { createIcon } from './create-icon';

export type { IconProps } from './create-icon';
export * from './navigation-icons';
export * from './status-icons';

export const CartIcon = createIcon(
  'CartIcon',
  <>
    <circle cx="9" cy="20" r="1.5" />
    <circle cx="18" cy="20" r="1.5" />
    <path d="M2 3h3l2.6 12.4a1 1 0 0 0 1 .8h9.8a1 1 0 0 0 1-.8L21 7H6" />
  </>,
);
export const CalculatorIcon = createIcon(
  'CalculatorIcon',
  <>
    <rect x="4" y="2" width="16" height="20" rx="2" />
    <path d="M8 6h8M8 11h.01M12 11h.01M16 11h.01M8 15h.01M12 15h.01M16 15v3M8 18h.01M12 18h.01" />
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
export const CookieIcon = createIcon(
  'CookieIcon',
  <>
    <path d="M21 12.5A9 9 0 1 1 11.5 3a3 3 0 0 0 3.5 3.5 3 3 0 0 0 3.5 3.5 3 3 0 0 0 2.5 2.5z" />
    <path d="M8.5 8.5h.01M15.5 15.5h.01M9 15h.01M12 12h.01" />
  </>,
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
/** A reading sent by a device: a transmitter with its radio waves. */
export const SensorIcon = createIcon(
  'SensorIcon',
  <>
    <circle cx="12" cy="12" r="2" />
    <path d="M8.5 8.5a5 5 0 0 0 0 7M15.5 8.5a5 5 0 0 1 0 7M5.6 5.6a9 9 0 0 0 0 12.8M18.4 5.6a9 9 0 0 1 0 12.8" />
  </>,
);
/** A reading a person typed in. */
export const PencilIcon = createIcon(
  'PencilIcon',
  <path d="M17 3a2.8 2.8 0 0 1 4 4L7.5 20.5 2 22l1.5-5.5Z" />,
);
export const BellIcon = createIcon(
  'BellIcon',
  <>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </>,
);
/** A basket: the spare-parts cart, apart from any page's picture in the navigation. */
export const BasketIcon = createIcon(
  'BasketIcon',
  <>
    <path d="M5 10h14l-1.5 9.5a1 1 0 0 1-1 .5h-9a1 1 0 0 1-1-.5z" />
    <path d="m9 10 3-6 3 6" />
    <path d="M10 14v3M14 14v3" />
  </>,
);
