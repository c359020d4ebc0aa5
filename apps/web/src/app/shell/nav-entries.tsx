import type { ReactNode } from 'react';
import {
  BuildingIcon,
  DrumIcon,
  InboxIcon,
  PlugIcon,
  UserIcon,
  UsersIcon,
  WrenchIcon,
} from '@portal/ui/icons';
import { pages } from '@/config/page-map';
import type { Action, Subject } from '@/lib/ability';

/**
 * The navbar's pages, in order, each with a picture of what it opens, no two alike, and none an
 * action's (the header's basket is the spare-parts cart, signing out is the profile menu's).
 */
export const navIcons = {
  refill: <DrumIcon />,
  spareparts: <WrenchIcon />,
  team: <UsersIcon />,
  integration: <PlugIcon />,
  backoffice: <InboxIcon />,
  backofficeAccounts: <BuildingIcon />,
  account: <UserIcon />,
} as const;

type NavPageName = keyof typeof navIcons;
type NavPage = Extract<(typeof pages)[number], { name: NavPageName }>;

/** A navbar entry: label, icon and path, shown only when its ability is allowed. */
export interface NavEntry {
  id: NavPageName;
  /** Key in the common namespace: the page's title. */
  labelKey: NavPage['titleKey'];
  icon: ReactNode;
  path: string;
  /** Shown only with this ability; without one, to every signed-in user. */
  ability?: readonly [Action, Subject];
}

/** Each entry's label, path and ability are its page's own, from the page map. */
export const navEntries: NavEntry[] = Object.entries(navIcons).map(([name, icon]) => {
  const page = pages.find((candidate): candidate is NavPage => candidate.name === name);
  if (!page) throw new Error(`No page is named ${name}.`);
  return {
    id: page.name,
    labelKey: page.titleKey,
    icon,
    path: page.path,
    ability: 'ability' in page ? [page.ability.action, page.ability.subject] : undefined,
  };
});

/** Whether an entry's path is a prefix of the location, segment-wise. */
export function isActivePath(entryPath: string, pathname: string): boolean {
  return pathname === entryPath || pathname.startsWith(`${entryPath}/`);
}

/**
 * The one active entry: of the entries whose path prefixes the location, the one with the
 * longest path (on /backoffice/accounts the accounts entry, not the inbox at /backoffice).
 */
export function activeEntry<Entry extends { path: string }>(
  entries: readonly Entry[],
  pathname: string,
): Entry | undefined {
  return entries
    .filter((entry) => isActivePath(entry.path, pathname))
    .reduce<Entry | undefined>(
      (longest, entry) => (!longest || entry.path.length > longest.path.length ? entry : longest),
      undefined,
    );
}
