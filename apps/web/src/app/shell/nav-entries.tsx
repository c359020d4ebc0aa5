import type { ReactNode } from 'react';
import { BatteryIcon, CartIcon } from '@portal/ui/icons';
import { paths } from '@/config/paths';
import type { Action, Subject } from '@/lib/ability';

/** A navbar entry (spec §2): label, icon and path, shown only when `action` on `subject` is allowed. */
export interface NavEntry {
  id: string;
  /** Key in the common namespace. */
  labelKey: 'screens.refill' | 'screens.spareparts';
  icon: ReactNode;
  path: string;
  action: Action;
  subject: Subject;
}

export const navEntries: NavEntry[] = [
  {
    id: 'refill',
    labelKey: 'screens.refill',
    icon: <CartIcon />,
    path: paths.refill,
    action: 'get',
    subject: 'refill',
  },
  {
    id: 'spareparts',
    labelKey: 'screens.spareparts',
    icon: <BatteryIcon />,
    path: paths.spareParts,
    action: 'get',
    subject: 'spareparts',
  },
];

/** The active entry is the one whose path is a prefix of the location (spec §2), segment-wise. */
export function isActivePath(entryPath: string, pathname: string): boolean {
  return pathname === entryPath || pathname.startsWith(`${entryPath}/`);
}
