import { createIcon } from './create-icon';

// The field and toast states' icons.
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
