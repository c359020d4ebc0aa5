import { createMongoAbility, subject } from '@casl/ability';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  linkedPages,
  type ConfirmRefillProposal,
  type Language,
  type RefillProposal,
  type RefillRequest,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import { queryRows, type Database, type Transaction } from '../../db/client';
import {
  cableProducts,
  drums,
  refillProposals,
  refillRequests,
  sites,
  users,
} from '../../db/schema';
import { rulesOf } from '../auth/roles';
import { DomainError } from '../domain-error';
import { enqueueMail } from '../mail/outbox';
import { renderDrumNoticeMail } from '../mail/templates/drum-notice';
import { withinSites, type SiteScope } from '../site-scope';
import { translate, type Translations } from '../translations';
import type { NotifyDeps } from '../workflow/notify';
import { PROVIDER_TIME_ZONE } from '../workflow/response-due';
import { earliestDeliveryDate, formatDay } from './delivery-date';
import { CONSUMPTION_WINDOW_DAYS, forecastRunOut } from './drum-figures';
import { createRefillRequest, listRefillRequests } from './refill-requests';

const DAY_MS = 24 * 3600 * 1000;
/** A proposal mail is useful for a week; the refill page says it better after. */
const PROPOSAL_MAIL_TTL_MS = 7 * DAY_MS;

export interface RefillProposalDeps {
  settings: Pick<Settings, 'refillProposalMarginDays' | 'publicUrl'>;
  translations: Translations;
}

const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The last day of the refill lead time: the earliest delivery date (two working days' notice, in
 * the provider's zone) plus the margin setting. A drum forecast to run out by then is proposed.
 */
export function refillLeadTimeEnd(now: Date, marginDays: number): string {
  return addDays(earliestDeliveryDate(now, PROVIDER_TIME_ZONE), marginDays);
}

interface CandidateRow {
  id: string;
  serial: string;
  reference: string;
  site_id: string;
  site: string;
  initial_length_m: number;
  latest_at: Date | string | null;
  latest_m: number | null;
  window_at: Date | string | null;
  window_m: number | null;
}

/**
 * Drafts a refill for each drum (of `drumIds`, or every drum of the account) whose forecast
 * run-out falls within the refill lead time, unless a refill request already covers it, a
 * proposal for it is open, or one was dismissed and no later, higher reading says the drum was
 * refilled since. Each new proposal sends one mail to each of the account's buyers who may order
 * for the drum's site, in their language. Runs in the caller's transaction, so readings,
 * proposals and mails commit together; the unique index on open proposals keeps two concurrent
 * runs to one proposal per drum. Answers how many were drafted.
 */
export async function proposeRefills(
  tx: Transaction,
  deps: RefillProposalDeps,
  {
    accountId,
    drumIds,
    now,
  }: {
    accountId: string;
    drumIds?: readonly string[];
    now: Date;
  },
): Promise<number> {
  if (drumIds && drumIds.length === 0) return 0;
  const windowStart = new Date(now.getTime() - CONSUMPTION_WINDOW_DAYS * DAY_MS);
  const rows = await queryRows<CandidateRow>(
    tx,
    sql`
    select d.id, d.serial, p.reference, s.id as site_id, s.name as site,
      d.initial_length_m::float8 as initial_length_m,
      l.read_at as latest_at, l.remaining_m as latest_m,
      w.read_at as window_at, w.remaining_m as window_m
    from drums d
    join cable_products p on p.id = d.product_id
    join sites s on s.id = d.site_id
    join lateral (
      select r.read_at, r.remaining_m::float8 as remaining_m from readings r
      where r.drum_id = d.id and r.read_at <= ${now}
      order by r.read_at desc limit 1
    ) l on true
    left join lateral (
      select r.read_at, r.remaining_m::float8 as remaining_m from readings r
      where r.drum_id = d.id and r.read_at >= ${windowStart} and r.read_at <= ${now}
      order by r.read_at asc limit 1
    ) w on true
    where d.account_id = ${accountId}
      ${drumIds ? sql`and d.id = any(${sql.param([...drumIds])}::uuid[])` : sql``}
      and not exists (
        select 1 from refill_request_items i join refill_requests q on q.id = i.request_id
        where i.drum_id = d.id and q.status in ('submitted', 'confirmed')
      )
      and not exists (
        select 1 from refill_proposals o where o.drum_id = d.id and o.status = 'open'
      )
      and not exists (
        select 1 from (
          select x.read_at, x.remaining_m from refill_proposals x
          where x.drum_id = d.id and x.status = 'dismissed'
          order by x.created_at desc limit 1
        ) dismissed
        where not exists (
          select 1 from readings r
          where r.drum_id = d.id and r.read_at > dismissed.read_at
            and r.remaining_m > dismissed.remaining_m
        )
      )`,
  );
  const horizon = refillLeadTimeEnd(now, deps.settings.refillProposalMarginDays);
  const deliveryDate = earliestDeliveryDate(now, PROVIDER_TIME_ZONE);
  const drafted: Array<CandidateRow & { runOutOn: string; remainingM: number }> = [];
  for (const row of rows) {
    if (!row.latest_at || row.latest_m === null) continue;
    const latest = { at: new Date(row.latest_at), remainingM: row.latest_m };
    const { estimatedRunOutOn } = forecastRunOut({
      initialLengthM: row.initial_length_m,
      latest,
      windowStart:
        row.window_at && row.window_m !== null
          ? { at: new Date(row.window_at), remainingM: row.window_m }
          : null,
    });
    if (!estimatedRunOutOn || estimatedRunOutOn > horizon) continue;
    const [inserted] = await tx
      .insert(refillProposals)
      .values({
        accountId,
        drumId: row.id,
        siteId: row.site_id,
        deliveryDate,
        runOutOn: estimatedRunOutOn,
        remainingM: latest.remainingM,
        readAt: latest.at,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: refillProposals.id });
    if (inserted) drafted.push({ ...row, runOutOn: estimatedRunOutOn, remainingM: row.latest_m });
  }
  if (drafted.length) await mailBuyers(tx, deps, accountId, drafted, now);
  return drafted.length;
}

/** The account's users who may order a refill for a drum of `siteId`, not suspended nor pending. */
async function buyersOf(tx: Transaction, accountId: string) {
  const members = await tx
    .select({
      email: users.email,
      locale: users.locale,
      role: users.role,
      siteIds: users.siteIds,
      rules: users.rules,
      pendingApprovalSince: users.pendingApprovalSince,
    })
    .from(users)
    .where(and(eq(users.accountId, accountId), isNull(users.suspendedAt)));
  return members.map((member) => ({
    email: member.email,
    locale: member.locale as Language,
    mayOrderOn: (siteId: string) =>
      createMongoAbility(rulesOf(member)).can('order', subject('refill', { siteId })),
  }));
}

async function mailBuyers(
  tx: Transaction,
  deps: RefillProposalDeps,
  accountId: string,
  drafted: Array<CandidateRow & { runOutOn: string; remainingM: number }>,
  now: Date,
) {
  const buyers = await buyersOf(tx, accountId);
  const portalUrl = new URL(linkedPages.refill, deps.settings.publicUrl).toString();
  for (const drum of drafted) {
    for (const buyer of buyers.filter((member) => member.mayOrderOn(drum.site_id))) {
      const number = new Intl.NumberFormat(buyer.locale === 'fr' ? 'fr-FR' : 'en-GB', {
        maximumFractionDigits: 1,
      });
      const mail = renderDrumNoticeMail(
        deps.translations,
        buyer.locale,
        'refillProposal',
        {
          serial: drum.serial,
          reference: drum.reference,
          site: drum.site,
          remaining: number.format(drum.remainingM),
          runOut: formatDay(drum.runOutOn, buyer.locale),
        },
        portalUrl,
        translate(deps.translations, 'mail', buyer.locale, 'footers.refillProposal'),
      );
      await enqueueMail(tx, {
        ...mail,
        kind: 'refill_proposal',
        to: buyer.email,
        locale: buyer.locale,
        expiresAt: new Date(now.getTime() + PROPOSAL_MAIL_TTL_MS),
        now,
      });
    }
  }
}

/**
 * Drafts the proposals time alone brings within the lead time (the horizon moves each day while
 * no reading comes): every account's drums, one account per transaction. Answers how many.
 */
export async function sweepRefillProposals(
  db: Database,
  deps: RefillProposalDeps,
  now: Date,
): Promise<number> {
  const accountIds = await db
    .selectDistinct({ accountId: drums.accountId })
    .from(drums)
    .orderBy(asc(drums.accountId));
  let drafted = 0;
  for (const { accountId } of accountIds) {
    drafted += await db.transaction((tx) => proposeRefills(tx, deps, { accountId, now }));
  }
  return drafted;
}

const proposalColumns = {
  id: refillProposals.id,
  status: refillProposals.status,
  drumId: drums.id,
  serial: drums.serial,
  reference: cableProducts.reference,
  siteId: sites.id,
  siteName: sites.name,
  quantity: refillProposals.quantity,
  deliveryDate: refillProposals.deliveryDate,
  runOutOn: refillProposals.runOutOn,
  remainingM: refillProposals.remainingM,
  requestId: refillProposals.requestId,
  createdAt: refillProposals.createdAt,
};

/** The account's proposals on the sites in scope, narrowed by `where`. */
function proposalsOf(db: Database, accountId: string, sitesInScope: SiteScope, where: SQL) {
  return db
    .select(proposalColumns)
    .from(refillProposals)
    .innerJoin(drums, eq(drums.id, refillProposals.drumId))
    .innerJoin(cableProducts, eq(cableProducts.id, drums.productId))
    .innerJoin(sites, eq(sites.id, refillProposals.siteId))
    .where(
      and(eq(refillProposals.accountId, accountId), withinSites(sites.id, sitesInScope), where),
    );
}

/**
 * The phone a confirmed proposal's request carries: the one of the latest request for the site,
 * else the reader's own when it is a valid E.164 number.
 */
async function proposedPhones(db: Database, accountId: string, userId: string) {
  const latest = await db
    .selectDistinctOn([refillRequests.siteId], {
      siteId: refillRequests.siteId,
      phone: refillRequests.contactPhone,
    })
    .from(refillRequests)
    .where(eq(refillRequests.accountId, accountId))
    .orderBy(refillRequests.siteId, desc(refillRequests.createdAt));
  const [reader] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  const own = reader?.phone && /^\+[1-9]\d{6,14}$/.test(reader.phone) ? reader.phone : null;
  const bySite = new Map(latest.map((row) => [row.siteId, row.phone]));
  return (siteId: string) => bySite.get(siteId) ?? own;
}

/** The open proposals of the reader's drums, soonest run-out first. */
export async function listRefillProposals(
  db: Database,
  args: { accountId: string | null; userId: string; sitesInScope: SiteScope; now: Date },
): Promise<RefillProposal[]> {
  if (!args.accountId) return [];
  const rows = await proposalsOf(
    db,
    args.accountId,
    args.sitesInScope,
    eq(refillProposals.status, 'open'),
  ).orderBy(asc(refillProposals.runOutOn), asc(drums.serial));
  const phoneOf = await proposedPhones(db, args.accountId, args.userId);
  const earliest = earliestDeliveryDate(args.now, PROVIDER_TIME_ZONE);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    drum: { id: row.drumId, serial: row.serial, reference: row.reference },
    site: { id: row.siteId, name: row.siteName },
    quantity: row.quantity,
    // A proposal left open past its date asks for the earliest date still possible.
    deliveryDate: row.deliveryDate < earliest ? earliest : row.deliveryDate,
    runOutOn: row.runOutOn,
    remainingM: row.remainingM,
    contactPhone: phoneOf(row.siteId),
    createdAt: row.createdAt.toISOString(),
  }));
}

async function requireOwnProposal(
  db: Database,
  accountId: string | null,
  proposalId: string,
  sitesInScope: SiteScope,
) {
  const [row] = accountId
    ? await proposalsOf(db, accountId, sitesInScope, eq(refillProposals.id, proposalId))
    : [];
  // Another account's proposal is as unknown as a missing one.
  if (!row || !accountId) throw new DomainError('request.not_found');
  return { ...row, accountId };
}

/**
 * A buyer confirms a proposal: it becomes a normal refill request (the idempotent create, keyed
 * by the proposal, so a replay or a double click answers the same request), delivered on the
 * proposed date 08:00–12:00 to the proposal's site. A dismissed proposal is refused.
 */
export async function confirmRefillProposal(
  db: Database,
  translations: Translations,
  args: {
    accountId: string | null;
    userId: string;
    locale: Language;
    proposalId: string;
    input: ConfirmRefillProposal;
    timeZone: string;
    sitesInScope: SiteScope;
    notify: NotifyDeps;
    now: Date;
  },
): Promise<RefillRequest> {
  const proposal = await requireOwnProposal(db, args.accountId, args.proposalId, args.sitesInScope);
  if (proposal.status === 'dismissed') throw new DomainError('refill.proposal_closed');
  if (proposal.status === 'confirmed' && proposal.requestId) {
    const [request] = await listRefillRequests(
      db,
      proposal.accountId,
      proposal.requestId,
      undefined,
      args.sitesInScope,
    );
    if (request) return request;
  }
  const [listed] = (
    await listRefillProposals(db, {
      accountId: proposal.accountId,
      userId: args.userId,
      sitesInScope: args.sitesInScope,
      now: args.now,
    })
  ).filter((open) => open.id === proposal.id);
  const contactPhone = args.input.contactPhone ?? listed?.contactPhone;
  if (!listed) throw new DomainError('refill.proposal_closed');
  if (!contactPhone) {
    throw new DomainError('request.invalid', [
      { field: 'contactPhone', errorCode: 'field.required' },
    ]);
  }
  return createRefillRequest(db, translations, {
    accountId: proposal.accountId,
    userId: args.userId,
    locale: args.locale,
    idempotencyKey: `proposal-${proposal.id}`,
    input: {
      items: [{ drumId: proposal.drumId, quantity: proposal.quantity }],
      siteId: proposal.siteId,
      deliveryDate: listed.deliveryDate,
      windowStart: '08:00',
      windowEnd: '12:00',
      contactPhone,
    },
    timeZone: args.timeZone,
    now: args.now,
    sitesInScope: args.sitesInScope,
    notify: args.notify,
  });
}

/** A buyer dismisses a proposal; a replay changes nothing, a confirmed one is refused. */
export async function dismissRefillProposal(
  db: Database,
  args: {
    accountId: string | null;
    userId: string;
    proposalId: string;
    sitesInScope: SiteScope;
    now: Date;
  },
): Promise<void> {
  const proposal = await requireOwnProposal(db, args.accountId, args.proposalId, args.sitesInScope);
  if (proposal.status === 'dismissed') return;
  const dismissed = await db
    .update(refillProposals)
    .set({ status: 'dismissed', closedAt: args.now, closedByUserId: args.userId })
    .where(and(eq(refillProposals.id, proposal.id), eq(refillProposals.status, 'open')))
    .returning({ id: refillProposals.id });
  if (dismissed.length === 0) {
    const [now] = await db
      .select({ status: refillProposals.status })
      .from(refillProposals)
      .where(eq(refillProposals.id, proposal.id));
    if (now?.status !== 'dismissed') throw new DomainError('refill.proposal_closed');
  }
}
