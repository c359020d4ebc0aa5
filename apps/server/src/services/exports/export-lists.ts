import { and, asc, eq, gt, gte, lte, or } from 'drizzle-orm';
import {
  type Collection,
  type DrumExportQuery,
  type DrumSummary,
  type InboxItem,
  type Language,
  type Namespace,
  type RefillRequest,
  type SparePartSort,
  type SparePartSummary,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { drums, readings } from '../../db/schema';
import { listAudit, type AuditAction } from '../accounts/audit';
import { listCollections } from '../collections/collections';
import { DomainError } from '../domain-error';
import { listDrums, type DrumListSettings } from '../refill/list-drums';
import { listRefillRequests } from '../refill/refill-requests';
import type { SiteScope } from '../site-scope';
import { everyListedPart } from '../spareparts/list-parts';
import { listQuotes } from '../spareparts/quotes';
import { listInbox, type InboxFilter } from '../workflow/inbox';
import { translate, type Translations } from '../translations';
import { dateTime, day, inBatches, money, num, text, type ExportColumn } from './table-export';

/** What one export needs to know of its reader. */
export interface ExportReader {
  accountId: string | null;
  userId: string;
  sitesInScope: SiteScope;
  language: Language;
  translations: Translations;
}

/** A list ready to export: its translated columns, its rows as they come, its sheet's name. */
export interface ExportList<Row> {
  name: string;
  columns: ExportColumn<Row>[];
  rows: AsyncIterable<Row>;
}

const BATCH = 1000;

const tr =
  (reader: ExportReader) =>
  (key: string, ns: Namespace = 'mail') =>
    translate(reader.translations, ns, reader.language, key);

/** Column headers live under `exports.<list>.<column>` of the documents' texts. */
function headerOf(reader: ExportReader, list: string) {
  const t = tr(reader);
  return (column: string) => t(`exports.${list}.${column}`, 'documents');
}

async function* fromArray<Row>(rows: readonly Row[]): AsyncGenerator<Row> {
  yield* rows;
}

/** The drums the overview shows under the same filters (site, product, status, remaining %). */
export async function drumExport(
  db: Database,
  reader: ExportReader,
  query: DrumExportQuery,
  now: Date,
  drumSettings: DrumListSettings,
): Promise<ExportList<DrumSummary>> {
  const { drums: all } = await listDrums(
    db,
    reader.accountId,
    now,
    reader.sitesInScope,
    drumSettings,
  );
  const [low, high] = query.pct ? query.pct.split('-').map(Number) : [0, 100];
  const kept = all.filter(
    (drum) =>
      (!query.site.length || query.site.includes(drum.site.id)) &&
      (!query.product.length || query.product.includes(drum.product.reference)) &&
      (!query.status.length || query.status.includes(drum.status)) &&
      drum.remainingPct >= (low ?? 0) &&
      drum.remainingPct <= (high ?? 100),
  );
  const h = headerOf(reader, 'drums');
  const t = tr(reader);
  return {
    name: h('sheet'),
    rows: fromArray(kept),
    columns: [
      { header: h('serial'), cell: (d) => text(d.serial) },
      { header: h('site'), cell: (d) => text(d.site.name) },
      { header: h('city'), cell: (d) => text(d.site.city) },
      { header: h('product'), cell: (d) => text(d.product.reference) },
      { header: h('family'), cell: (d) => text(d.product.family) },
      { header: h('drumType'), cell: (d) => text(d.drumType.code) },
      { header: h('initialM'), cell: (d) => num(d.initialLengthM) },
      { header: h('remainingM'), cell: (d) => num(d.remainingM) },
      { header: h('remainingPct'), cell: (d) => num(d.remainingPct) },
      { header: h('lastReading'), cell: (d) => dateTime(d.lastReadingAt) },
      { header: h('perDay'), cell: (d) => num(d.averageDailyConsumptionM) },
      { header: h('runOut'), cell: (d) => day(d.estimatedRunOutOn) },
      { header: h('status'), cell: (d) => text(t(`status.${d.status}`, 'refill')) },
      { header: h('deliveredOn'), cell: (d) => day(d.deliveredOn) },
      { header: h('daysOnSite'), cell: (d) => num(d.rent.daysOnSite, 0) },
      { header: h('freeDaysLeft'), cell: (d) => num(d.rent.rentFreeDaysLeft, 0) },
      { header: h('rentAccrued'), cell: (d) => money(d.rent.rentAccrued) },
    ],
  };
}

interface ReadingRow {
  id: string;
  readAt: Date;
  remainingM: number;
  source: 'manual' | 'sensor';
  batteryPct: number | null;
  signalDbm: number | null;
}

/** Every reading of one drum of the reader's (404 otherwise), oldest first, read in batches. */
export async function readingExport(
  db: Database,
  reader: ExportReader,
  args: { drumId: string; from?: string; to?: string },
): Promise<ExportList<ReadingRow>> {
  const [drum] = reader.accountId
    ? await db
        .select({ id: drums.id, serial: drums.serial })
        .from(drums)
        .where(and(eq(drums.id, args.drumId), eq(drums.accountId, reader.accountId)))
    : [];
  if (
    !drum ||
    (reader.sitesInScope && !(await drumWithinSites(db, drum.id, reader.sitesInScope)))
  ) {
    throw new DomainError('request.not_found');
  }
  const h = headerOf(reader, 'readings');
  const t = tr(reader);
  const range = and(
    eq(readings.drumId, drum.id),
    args.from ? gte(readings.readAt, new Date(`${args.from}T00:00:00Z`)) : undefined,
    args.to ? lte(readings.readAt, new Date(`${args.to}T23:59:59.999Z`)) : undefined,
  );
  const rows = inBatches<ReadingRow>(BATCH, (after, size) =>
    db
      .select({
        id: readings.id,
        readAt: readings.readAt,
        remainingM: readings.remainingM,
        source: readings.source,
        batteryPct: readings.batteryPct,
        signalDbm: readings.signalDbm,
      })
      .from(readings)
      .where(
        and(
          range,
          // The lower bound alone lets the (drum, time) index start the batch where the last
          // one ended; the second condition breaks ties between readings of the same instant.
          after ? gte(readings.readAt, after.readAt) : undefined,
          after ? or(gt(readings.readAt, after.readAt), gt(readings.id, after.id)) : undefined,
        ),
      )
      .orderBy(asc(readings.readAt), asc(readings.id))
      .limit(size),
  );
  return {
    name: `${h('sheet')} ${drum.serial}`,
    rows,
    columns: [
      { header: h('readAt'), cell: (r) => dateTime(r.readAt) },
      { header: h('remainingM'), cell: (r) => num(r.remainingM) },
      { header: h('source'), cell: (r) => text(t(`exports.source.${r.source}`, 'documents')) },
      { header: h('battery'), cell: (r) => num(r.batteryPct, 0) },
      { header: h('signal'), cell: (r) => num(r.signalDbm, 0) },
    ],
  };
}

async function drumWithinSites(db: Database, drumId: string, scope: readonly string[]) {
  const [row] = await db.select({ siteId: drums.siteId }).from(drums).where(eq(drums.id, drumId));
  return Boolean(row && scope.includes(row.siteId));
}

/** A list the API pages by offset, read a page at a time. */
function byOffset<Row>(page: (range: { limit: number; offset: number }) => Promise<Row[]>) {
  let offset = 0;
  return inBatches<Row>(200, async (_after, size) => {
    const rows = await page({ limit: size, offset });
    offset += rows.length;
    return rows;
  });
}

export function refillRequestExport(db: Database, reader: ExportReader): ExportList<RefillRequest> {
  const h = headerOf(reader, 'requests');
  const t = tr(reader);
  return {
    name: h('sheet'),
    rows: byOffset((range) =>
      listRefillRequests(db, reader.accountId, undefined, range, reader.sitesInScope),
    ),
    columns: [
      { header: h('number'), cell: (r) => text(r.number) },
      {
        header: h('status'),
        cell: (r) => text(t(`workflow.status.refill_request.${r.status}`, 'common')),
      },
      { header: h('createdAt'), cell: (r) => dateTime(r.createdAt) },
      { header: h('site'), cell: (r) => text(r.site.name) },
      {
        header: h('drums'),
        cell: (r) => text(r.items.map((item) => `${item.serial} × ${item.quantity}`).join(', ')),
      },
      { header: h('deliveryDate'), cell: (r) => day(r.deliveryDate) },
      { header: h('window'), cell: (r) => text(`${r.windowStart}–${r.windowEnd}`) },
      { header: h('poNumber'), cell: (r) => text(r.poNumber) },
      { header: h('comment'), cell: (r) => text(r.comment) },
    ],
  };
}

/** The account's drum collections, newest first: each offered half-day as `date period`. */
export function collectionExport(db: Database, reader: ExportReader): ExportList<Collection> {
  const h = headerOf(reader, 'collections');
  const t = tr(reader);
  return {
    name: h('sheet'),
    rows: byOffset((range) =>
      listCollections(db, reader.accountId, undefined, range, reader.sitesInScope),
    ),
    columns: [
      { header: h('number'), cell: (c) => text(c.number) },
      {
        header: h('status'),
        cell: (c) => text(t(`workflow.status.collection.${c.status}`, 'common')),
      },
      { header: h('createdAt'), cell: (c) => dateTime(c.createdAt) },
      { header: h('drum'), cell: (c) => text(c.drum.serial) },
      { header: h('site'), cell: (c) => text(c.site.name) },
      { header: h('pickupAddress'), cell: (c) => text(c.pickupAddress) },
      {
        header: h('timeSlots'),
        cell: (c) =>
          text(
            c.timeSlots
              .map((slot) => `${slot.date} ${t(`collection.period.${slot.period}`, 'refill')}`)
              .join(', '),
          ),
      },
      {
        header: h('loadingMeans'),
        cell: (c) => text(t(`collection.loading.${c.loadingMeans}`, 'refill')),
      },
      { header: h('pickupDate'), cell: (c) => day(c.pickupDate) },
      { header: h('collectedOn'), cell: (c) => day(c.collectedOn) },
      { header: h('comment'), cell: (c) => text(c.comment) },
    ],
  };
}

/** The quotes with the figures their page shows: before tax, the tax and the total with tax. */
export function quoteExport(
  db: Database,
  reader: ExportReader,
  {
    onlyCreatedBy,
    taxRateBasisPoints,
  }: { onlyCreatedBy: string | undefined; taxRateBasisPoints: number },
) {
  const h = headerOf(reader, 'quotes');
  const t = tr(reader);
  return {
    name: h('sheet'),
    rows: byOffset((range) =>
      listQuotes(
        db,
        reader.accountId,
        reader.language,
        taxRateBasisPoints,
        undefined,
        range,
        onlyCreatedBy,
      ),
    ),
    columns: [
      { header: h('number'), cell: (q) => text(q.number) },
      { header: h('status'), cell: (q) => text(t(`workflow.status.quote.${q.status}`, 'common')) },
      { header: h('createdAt'), cell: (q) => dateTime(q.createdAt) },
      {
        header: h('lines'),
        cell: (q) =>
          text(q.lines.map((line) => `${line.partNumber} × ${line.quantity}`).join(', ')),
      },
      { header: h('net'), cell: (q) => money(q.figures.netCents / 100) },
      { header: h('tax'), cell: (q) => money(q.figures.taxCents / 100) },
      { header: h('total'), cell: (q) => money(q.figures.totalCents / 100) },
      { header: h('comment'), cell: (q) => text(q.comment) },
    ],
  } satisfies ExportList<Awaited<ReturnType<typeof listQuotes>>[number]>;
}

/**
 * The catalogue search as the screen runs it (search, category, equipment, order): every part it
 * selects, past the screen's count cap and page ceiling, read a batch at a time.
 */
export function partExport(
  db: Database,
  reader: ExportReader,
  query: { search?: string; category?: string; equipment?: string; sort?: SparePartSort },
) {
  const h = headerOf(reader, 'parts');
  const rows = everyListedPart(db, reader.accountId, query, reader.language);
  return {
    name: h('sheet'),
    rows,
    columns: [
      { header: h('partNumber'), cell: (p) => text(p.partNumber) },
      { header: h('designation'), cell: (p) => text(p.designation) },
      { header: h('category'), cell: (p) => text(p.category.name) },
      { header: h('unitPrice'), cell: (p) => money(p.unitPriceCents / 100) },
      { header: h('stock'), cell: (p) => num(p.stock, 0) },
      { header: h('leadTimeDays'), cell: (p) => num(p.leadTimeDays, 0) },
      { header: h('supersededBy'), cell: (p) => text(p.supersededBy?.partNumber ?? null) },
    ],
  } satisfies ExportList<SparePartSummary>;
}

/** The account's audit trail under the screen's filters, newest first. */
export function auditExport(
  db: Database,
  reader: ExportReader,
  filter: { action?: AuditAction; who?: string },
) {
  const h = headerOf(reader, 'audit');
  const t = tr(reader);
  return {
    name: h('sheet'),
    rows: byOffset((range) => listAudit(db, reader.accountId, filter, range)),
    columns: [
      { header: h('at'), cell: (e) => dateTime(e.at) },
      { header: h('actor'), cell: (e) => text(e.actor) },
      { header: h('action'), cell: (e) => text(t(`actions.${e.action}`, 'audit')) },
      { header: h('target'), cell: (e) => text(e.target) },
    ],
  } satisfies ExportList<Awaited<ReturnType<typeof listAudit>>[number]>;
}

/** The provider's inbox under the filters on screen, oldest waiting first, every page. */
export function inboxExport(db: Database, reader: ExportReader, filter: InboxFilter, now: Date) {
  const h = headerOf(reader, 'inbox');
  const t = tr(reader);
  const marks = (item: InboxItem) =>
    [
      item.overdue ? t('marks.overdue', 'backoffice') : null,
      item.unread ? t('marks.unread', 'backoffice') : null,
    ]
      .filter(Boolean)
      .join(', ');
  return {
    name: h('sheet'),
    rows: byOffset(async (range) => (await listInbox(db, filter, reader.userId, now, range)).rows),
    columns: [
      { header: h('reference'), cell: (i) => text(i.reference) },
      { header: h('kind'), cell: (i) => text(t(`kinds.${i.kind}`, 'backoffice')) },
      {
        header: h('status'),
        cell: (i) => text(t(`workflow.status.${i.kind}.${i.status}`, 'common')),
      },
      { header: h('turn'), cell: (i) => text(i.turn ? h(`turns.${i.turn}`) : null) },
      { header: h('account'), cell: (i) => text(i.account.name) },
      { header: h('site'), cell: (i) => text(i.site?.name) },
      { header: h('assignee'), cell: (i) => text(i.assignee?.name) },
      { header: h('createdAt'), cell: (i) => dateTime(i.createdAt) },
      { header: h('waitingSince'), cell: (i) => dateTime(i.waitingSince) },
      { header: h('dueAt'), cell: (i) => dateTime(i.dueAt) },
      { header: h('marks'), cell: (i) => text(marks(i)) },
    ],
  } satisfies ExportList<InboxItem>;
}
