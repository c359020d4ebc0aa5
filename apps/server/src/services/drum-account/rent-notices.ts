import { and, eq, isNull, sql } from 'drizzle-orm';
import { linkedPages, type Language, type RentTerms } from '@portal/contract';
import type { Settings } from '../../config/env';
import { queryRows, type Database } from '../../db/client';
import { drumRentNotices, users } from '../../db/schema';
import { enqueueMail } from '../mail/outbox';
import { renderDrumRentNoticeMail } from '../mail/templates/drum-rent-notice';
import type { Translations } from '../translations';
import { computeDrumRent } from './drum-rent';
import { rentToday } from './rent-terms';

/** Days before a drum's rent starts when its account's admins are told. */
export const RENT_NOTICE_DAYS = 14;
const NOTICE_MAIL_TTL_MS = 3 * 24 * 3600 * 1000;

interface NoticeDrumRow {
  id: string;
  account_id: string;
  serial: string;
  site_name: string;
  installed_on: string;
  rent_free_days: number | null;
  monthly_rate: number | null;
}

/**
 * Tells each account's admins, once per drum still on site, that its rent-free period ends in 14 days or
 * fewer (a drum whose free period is shorter is announced on its first day). The notice row is
 * written with the mails, in one transaction, and its key stops a second run from sending again.
 * Returns the number of drums announced.
 */
export async function sendRentStartNotices(
  db: Database,
  deps: { settings: Settings; translations: Translations },
  now: Date,
): Promise<number> {
  const today = rentToday(now);
  const defaults: RentTerms = deps.settings.drumRentDefaults;
  const rows = await queryRows<NoticeDrumRow>(
    db,
    sql`
    select d.id, d.account_id, d.serial, s.name as site_name, d.installed_on::text as installed_on,
      t.rent_free_days, t.monthly_rate::float8 as monthly_rate
    from drums d
    join sites s on s.id = d.site_id
    left join drum_rent_terms t on t.account_id = d.account_id
    where d.collected_on is null and not exists (
      select 1 from drum_rent_notices n where n.drum_id = d.id and n.kind = 'rent_starts_soon'
    )`,
  );
  let announced = 0;
  for (const row of rows) {
    const terms = {
      rentFreeDays: row.rent_free_days ?? defaults.rentFreeDays,
      monthlyRate: row.monthly_rate ?? defaults.monthlyRate,
    };
    const rent = computeDrumRent({ deliveredOn: row.installed_on, today, terms });
    if (rent.rentFreeDaysLeft <= 0 || rent.rentFreeDaysLeft > RENT_NOTICE_DAYS) continue;
    const sent = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(drumRentNotices)
        .values({
          drumId: row.id,
          kind: 'rent_starts_soon',
          rentStartsOn: rent.rentStartsOn,
          sentAt: now,
        })
        .onConflictDoNothing()
        .returning({ drumId: drumRentNotices.drumId });
      if (!inserted.length) return false;
      const admins = await tx
        .select({ email: users.email, locale: users.locale })
        .from(users)
        .where(
          and(
            eq(users.accountId, row.account_id),
            eq(users.role, 'admin'),
            isNull(users.suspendedAt),
          ),
        );
      for (const admin of admins) {
        const locale = admin.locale as Language;
        const mail = renderDrumRentNoticeMail(deps.translations, locale, {
          serial: row.serial,
          site: row.site_name,
          rentStartsOn: rent.rentStartsOn,
          daysLeft: rent.rentFreeDaysLeft,
          monthlyRate: terms.monthlyRate,
          portalUrl: new URL(linkedPages.refill, deps.settings.publicUrl).toString(),
        });
        await enqueueMail(tx, {
          ...mail,
          kind: 'drum_rent_notice',
          to: admin.email,
          locale,
          expiresAt: new Date(now.getTime() + NOTICE_MAIL_TTL_MS),
          now,
        });
      }
      return true;
    });
    if (sent) announced += 1;
  }
  return announced;
}
