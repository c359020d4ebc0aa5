import { inArray, SQL, sql, type Column } from 'drizzle-orm';

/**
 * The sites a customer user's reads and writes are limited to, or null for all the account's
 * sites. A row outside the scope is treated like another account's: not listed, 404 by id.
 */
export type SiteScope = readonly string[] | null;

/** A condition keeping rows whose `column` is a site of the scope (none when the scope is all). */
export function withinSites(column: Column | SQL, scope: SiteScope | undefined): SQL | undefined {
  if (!scope) return undefined;
  if (!scope.length) return sql`false`;
  return column instanceof SQL ? inArray(column, [...scope]) : inArray(column, [...scope]);
}

/** Whether an item (of a site, or of none) lies within the scope: every item when it is all. */
export const isWithinSites =
  (scope: SiteScope) =>
  (item: { siteId: string | null }): boolean =>
    !scope || (item.siteId !== null && scope.includes(item.siteId));

/**
 * Whether someone who sees `held` may give `asked`: nobody grants more than they hold, so an
 * admin limited to some sites gives only those, never every site.
 */
export const holdsSites = (held: SiteScope, asked: SiteScope): boolean =>
  !held || (asked !== null && asked.every((site) => held.includes(site)));
