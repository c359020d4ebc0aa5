import { eq, inArray } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { deliveryNoteDocumentStatuses, type Language } from '@portal/contract';
import type { ProviderIdentity } from '../../config/env';
import type { Database } from '../../db/client';
import { accounts, cableProducts, drumTypes, drums, sites } from '../../db/schema';
import { DomainError } from '../domain-error';
import { listRefillRequests, requireOwnRequest } from '../refill/refill-requests';
import type { SiteScope } from '../site-scope';
import { translate, type Translations } from '../translations';
import {
  createPdf,
  facts,
  footers,
  heading,
  paragraph,
  receiptBoxes,
  sectionTitle,
  table,
  toBuffer,
} from './pdf-recording';

/** A phone number written as its country writes it, with its country code (+33 6 12 34 56 78). */
export function formatPhone(phone: string): string {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}

/**
 * The delivery note of a confirmed, scheduled or delivered refill request, as a PDF under the
 * provider's letterhead: who, the site's delivery address, when, the contact's phone, the drums
 * to deliver or delivered as the request stands (replacing which, cable, drum type, length,
 * quantity), and boxes for the receiver to sign and date on receipt.
 */
export async function renderDeliveryNote(
  db: Database,
  translations: Translations,
  args: {
    accountId: string | null;
    requestId: string;
    sitesInScope: SiteScope;
    language: Language;
    now: Date;
    provider: ProviderIdentity;
  },
): Promise<{ fileName: string; bytes: Buffer }> {
  await requireOwnRequest(db, args.accountId, args.requestId, args.sitesInScope);
  const [request] = await listRefillRequests(
    db,
    args.accountId,
    args.requestId,
    undefined,
    args.sitesInScope,
  );
  if (!request || !args.accountId) throw new DomainError('request.not_found');
  if (!deliveryNoteDocumentStatuses.includes(request.status))
    throw new DomainError('documents.delivery_note_unavailable');
  const t = (key: string, values?: Record<string, string>) =>
    translate(translations, 'documents', args.language, key, values);
  const locale = args.language === 'fr' ? 'fr-FR' : 'en-GB';
  const count = new Intl.NumberFormat(locale);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const [account] = await db
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, args.accountId));
  const [site] = await db
    .select({
      address: sites.address,
      city: sites.city,
      instructions: sites.deliveryInstructions,
    })
    .from(sites)
    .where(eq(sites.id, request.site.id));
  const drumRows = request.items.length
    ? await db
        .select({
          id: drums.id,
          reference: cableProducts.reference,
          family: cableProducts.family,
          drumType: drumTypes.code,
          lengthM: drums.initialLengthM,
        })
        .from(drums)
        .innerJoin(cableProducts, eq(cableProducts.id, drums.productId))
        .innerJoin(drumTypes, eq(drumTypes.id, drums.drumTypeId))
        .where(
          inArray(
            drums.id,
            request.items.map((item) => item.drumId),
          ),
        )
    : [];
  const title = t('deliveryNote.title', { number: request.number });
  const doc = await createPdf({ title, language: args.language, now: args.now });
  heading(
    doc,
    { provider: args.provider, translations, language: args.language },
    title,
    account?.name ?? '',
  );
  const deliveryAddress = [request.site.name, site?.address, site?.city].filter(Boolean);
  facts(doc, [
    [t('deliveryNote.address'), deliveryAddress.join('\n')],
    [t('deliveryNote.deliveryDate'), day.format(new Date(`${request.deliveryDate}T00:00:00Z`))],
    [t('deliveryNote.window'), `${request.windowStart}–${request.windowEnd}`],
    [t('deliveryNote.contact'), formatPhone(request.contactPhone)],
    [t('deliveryNote.poNumber'), request.poNumber ?? t('deliveryNote.none')],
    [
      t('deliveryNote.status'),
      translate(
        translations,
        'common',
        args.language,
        `workflow.status.refill_request.${request.status}`,
      ),
    ],
    ...(site?.instructions
      ? ([[t('deliveryNote.instructions'), site.instructions]] as Array<[string, string]>)
      : []),
  ]);
  sectionTitle(doc, t(`deliveryNote.lines.${request.status}`));
  table(
    doc,
    [
      { header: t('deliveryNote.replaces'), width: 2 },
      { header: t('deliveryNote.cable'), width: 3.4 },
      { header: t('deliveryNote.drumType'), width: 1.4 },
      { header: t('deliveryNote.length'), width: 1.4, align: 'right' },
      { header: t('deliveryNote.quantity'), width: 1.2, align: 'right' },
    ],
    [
      ...request.items.map((item) => {
        const drum = drumRows.find((row) => row.id === item.drumId);
        return {
          cells: [
            item.serial,
            drum ? `${drum.reference} (${drum.family})` : '',
            drum?.drumType ?? '',
            drum ? `${count.format(drum.lengthM)} m` : '',
            count.format(item.quantity),
          ],
        };
      }),
      {
        bold: true,
        cells: [
          t('deliveryNote.total'),
          '',
          '',
          '',
          count.format(request.items.reduce((sum, item) => sum + item.quantity, 0)),
        ],
      },
    ],
  );
  if (request.comment) {
    sectionTitle(doc, t('deliveryNote.comment'));
    paragraph(doc, request.comment);
  }
  sectionTitle(doc, t('deliveryNote.receipt'));
  receiptBoxes(doc, [
    t('deliveryNote.receivedBy'),
    t('deliveryNote.receivedOn'),
    t('deliveryNote.signature'),
    t('deliveryNote.reserves'),
  ]);
  footers(doc, (page, pages) => t('page', { page: String(page), pages: String(pages), title }));
  return { fileName: `${title}.pdf`, bytes: await toBuffer(doc, 'delivery_note') };
}
