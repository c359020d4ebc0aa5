import { createIcon } from './create-icon';

// Icons of the frame every page shows (menu, language, carousels, search, the navigation's pages).
export const MenuIcon = createIcon('MenuIcon', <path d="M3 6h18M3 12h18M3 18h18" />);
export const CloseIcon = createIcon('CloseIcon', <path d="M6 6l12 12M18 6 6 18" />);
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

// Each page of the navigation has a picture of what it opens, used for nothing else.
/** A cable drum seen from its flange, the cable running off it: the drums and their refills. */
export const DrumIcon = createIcon(
  'DrumIcon',
  <>
    <circle cx="11" cy="12" r="9" />
    <circle cx="11" cy="12" r="5" />
    <circle cx="11" cy="12" r="1.5" />
    <path d="M11 3h11" />
  </>,
);
/** A wrench: parts and repairs for the installed equipment. */
export const WrenchIcon = createIcon(
  'WrenchIcon',
  <path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.8-3.8a6 6 0 0 1-7.9 7.9l-6.9 6.9a2.1 2.1 0 0 1-3-3l6.9-6.9a6 6 0 0 1 7.9-7.9z" />,
);
/** Two people: a team of colleagues. */
export const UsersIcon = createIcon(
  'UsersIcon',
  <>
    <circle cx="9" cy="7" r="4" />
    <path d="M2 21v-2a4 4 0 0 1 4-4h6a4 4 0 0 1 4 4v2M16 3.1a4 4 0 0 1 0 7.8M22 21v-2a4 4 0 0 0-3-3.9" />
  </>,
);
/** A plug: what connects other systems (API keys, webhooks, sensors). */
export const PlugIcon = createIcon(
  'PlugIcon',
  <path d="M12 22v-5M9 8V2M15 8V2M18 8v5a4 4 0 0 1-4 4h-4a4 4 0 0 1-4-4V8z" />,
);
/** An inbox tray: the items that wait for someone. */
export const InboxIcon = createIcon(
  'InboxIcon',
  <>
    <path d="M22 12h-6l-2 3h-4l-2-3H2" />
    <path d="M5.5 5.1 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.5-6.9A2 2 0 0 0 16.8 4H7.2a2 2 0 0 0-1.7 1.1z" />
  </>,
);
/** Office buildings: the customers' companies. */
export const BuildingIcon = createIcon(
  'BuildingIcon',
  <path d="M6 22V4a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v18zM6 12H4a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h2M18 9h2a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-2M10 6h4M10 10h4M10 14h4M10 18h4" />,
);
