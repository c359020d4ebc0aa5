import { and, asc, eq } from 'drizzle-orm';
import type { Language, RentTerms } from '@portal/contract';
import type { Database } from '../../db/client';
import { accounts, cableProducts, drums, sites } from '../../db/schema';
import { DomainError } from '../domain-error';
import { computeDrumRent } from '../drum-account/drum-rent';
import { getRentTerms, rentToday } from '../drum-account/rent-terms';
import { withinSites, type SiteScope } from '../site-scope';
import type { ProviderIdentity } from '../../config/env';
import { translate, type Translations } from '../translations';
import {
  createPdf,
  facts,
  footers,
  heading,
  paragraph,
  sectionTitle,
  table,
  toBuffer,
} from './pdf-recording';

export interface StatementArgs {
  accountId: string | null;
  sitesInScope: SiteScope;
  /** YYYY-MM; the current month when left out. */
  month?: string;
  language: Language;
  now: Date;
}

const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The month's first and last day, the last being today while the month is running. */
function monthBounds(month: string, today: string) {
  const first = `${month}-01`;
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
  if (first > today) throw new DomainError('documents.month_in_future');
  return { first, end: last < today ? last : today };
}

/**
 * The monthly drum-account statement as a PDF: per site, each drum on site during the month
 * with its days on site, free days left and the rent of the month and to date under the
 * account's terms, a subtotal per site and the account's total.
 */
export async function renderDrumStatement(
  db: Database,
  deps: { translations: Translations; rentDefaults: RentTerms; provider: ProviderIdentity },
  args: StatementArgs,
): Promise<{ fileName: string; bytes: Buffer }> {
  if (!args.accountId) throw new DomainError('request.not_found');
  const today = rentToday(args.now);
  const month = args.month ?? today.slice(0, 7);
  const t = (key: string, values?: Record<string, string>) =>
    translate(deps.translations, 'documents', args.language, key, values);
  const locale = args.language === 'fr' ? 'fr-FR' : 'en-GB';
  const euros = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  const count = new Intl.NumberFormat(locale);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const formatDay = (iso: string) => day.format(new Date(`${iso}T00:00:00Z`));
  const monthName = new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));

  const { first, end } = monthBounds(month, today);
  const before = addDays(first, -1);
  const [account] = await db
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, args.accountId));
  if (!account) throw new DomainError('request.not_found');
  const terms = await getRentTerms(db, deps.rentDefaults, args.accountId);
  const rows = await db
    .select({
      serial: drums.serial,
      installedOn: drums.installedOn,
      collectedOn: drums.collectedOn,
      siteId: sites.id,
      siteName: sites.name,
      siteCity: sites.city,
      reference: cableProducts.reference,
    })
    .from(drums)
    .innerJoin(sites, eq(sites.id, drums.siteId))
    .innerJoin(cableProducts, eq(cableProducts.id, drums.productId))
    .where(and(eq(drums.accountId, args.accountId), withinSites(drums.siteId, args.sitesInScope)))
    .orderBy(asc(sites.name), asc(drums.serial));

  const title = t('statement.title', { month: monthName });
  const doc = await createPdf({ title, language: args.language, now: args.now });
  heading(
    doc,
    { provider: deps.provider, translations: deps.translations, language: args.language },
    title,
    account.name,
  );
  facts(doc, [
    [
      t('statement.period'),
      t('statement.periodValue', { from: formatDay(first), to: formatDay(end) }),
    ],
    [t('statement.issued'), formatDay(today)],
    [t('statement.freeDays'), count.format(terms.rentFreeDays)],
    [t('statement.monthlyRate'), euros.format(terms.monthlyRate)],
  ]);

  const columns = [
    { header: t('statement.drum'), width: 2.2 },
    { header: t('statement.cable'), width: 2.6 },
    { header: t('statement.delivered'), width: 1.8 },
    { header: t('statement.daysOnSite'), width: 1.2, align: 'right' as const },
    { header: t('statement.freeLeft'), width: 1.3, align: 'right' as const },
    { header: t('statement.rentMonth'), width: 1.6, align: 'right' as const },
    { header: t('statement.rentToDate'), width: 1.6, align: 'right' as const },
  ];
  // A drum collected before the month began is no longer the account's.
  const onSite = rows.filter(
    (row) => row.installedOn <= end && (!row.collectedOn || row.collectedOn >= first),
  );
  let totalMonth = 0;
  let totalToDate = 0;
  const siteIds = [...new Set(onSite.map((row) => row.siteId))];
  if (!siteIds.length) paragraph(doc, t('statement.noDrums'), { muted: true });
  for (const siteId of siteIds) {
    const siteRows = onSite.filter((row) => row.siteId === siteId);
    const site = siteRows[0]!;
    sectionTitle(doc, t('statement.site', { site: site.siteName, city: site.siteCity }));
    let siteMonth = 0;
    let siteToDate = 0;
    const lines = siteRows.map((row) => {
      const drum = { deliveredOn: row.installedOn, collectedOn: row.collectedOn, terms };
      const atEnd = computeDrumRent({ ...drum, today: end });
      const atStart = computeDrumRent({ ...drum, today: before });
      const month = Math.round((atEnd.rentAccrued - atStart.rentAccrued) * 100) / 100;
      siteMonth += month;
      siteToDate += atEnd.rentAccrued;
      return {
        cells: [
          row.serial,
          row.reference,
          formatDay(row.installedOn),
          count.format(atEnd.daysOnSite),
          count.format(atEnd.rentFreeDaysLeft),
          euros.format(month),
          euros.format(atEnd.rentAccrued),
        ],
      };
    });
    table(doc, columns, [
      ...lines,
      {
        bold: true,
        cells: [
          t('statement.siteTotal'),
          t('statement.drumCount', { drums: count.format(siteRows.length) }),
          '',
          '',
          '',
          euros.format(siteMonth),
          euros.format(siteToDate),
        ],
      },
    ]);
    totalMonth += siteMonth;
    totalToDate += siteToDate;
  }
  sectionTitle(doc, t('statement.total'));
  facts(doc, [
    [t('statement.drumsOnSite'), count.format(onSite.length)],
    [t('statement.rentMonth'), euros.format(Math.round(totalMonth * 100) / 100)],
    [t('statement.rentToDate'), euros.format(Math.round(totalToDate * 100) / 100)],
  ]);
  paragraph(doc, t('statement.note'), { muted: true });
  footers(doc, (page, pages) => t('page', { page: String(page), pages: String(pages), title }));
  return {
    fileName: `${t('statement.fileName')} ${month}.pdf`,
    bytes: await toBuffer(doc, 'drum_statement'),
  };
}
