import type { ReactNode } from 'react';
import {
  BatteryIcon,
  CartIcon,
  GlobeIcon,
  LogoutIcon,
  UploadIcon,
  UserIcon,
} from '@portal/ui/icons';
import { paths } from '@/config/paths';
import type { Action, Subject } from '@/lib/ability';

/** A navbar entry: label, icon and path, shown only when its ability is allowed. */
export interface NavEntry {
  id: string;
  /** Key in the common namespace. */
  labelKey:
    | 'screens.refill'
    | 'screens.spareparts'
    | 'screens.team'
    | 'screens.integration'
    | 'screens.account'
    | 'screens.backoffice'
    | 'screens.backofficeAccounts';
  icon: ReactNode;
  path: string;
  /** Shown only with this ability; without one, to every signed-in user. */
  ability?: readonly [Action, Subject];
}

export const navEntries: NavEntry[] = [
  {
    id: 'refill',
    labelKey: 'screens.refill',
    icon: <CartIcon />,
    path: paths.refill,
    ability: ['get', 'refill'],
  },
  {
    id: 'spareparts',
    labelKey: 'screens.spareparts',
    icon: <BatteryIcon />,
    path: paths.spareParts,
    ability: ['get', 'spareparts'],
  },
  {
    id: 'team',
    labelKey: 'screens.team',
    icon: <UserIcon />,
    path: paths.team,
    ability: ['manage', 'team'],
  },
  {
    id: 'integration',
    labelKey: 'screens.integration',
    icon: <UploadIcon />,
    path: paths.integration,
    ability: ['manage', 'integration'],
  },
  {
    id: 'backoffice',
    labelKey: 'screens.backoffice',
    icon: <CartIcon />,
    path: paths.backoffice,
    ability: ['get', 'backoffice'],
  },
  {
    id: 'backoffice-accounts',
    labelKey: 'screens.backofficeAccounts',
    icon: <GlobeIcon />,
    path: paths.backofficeAccounts,
    ability: ['get', 'backoffice'],
  },
  {
    id: 'account',
    labelKey: 'screens.account',
    icon: <LogoutIcon />,
    path: paths.account,
  },
];

/** The active entry is the one whose path is a prefix of the location, segment-wise. */
export function isActivePath(entryPath: string, pathname: string): boolean {
  return pathname === entryPath || pathname.startsWith(`${entryPath}/`);
}
