import { eq } from 'drizzle-orm';
import { quoteOfferDocumentStatuses, type Language } from '@portal/contract';
import type { ProviderIdentity } from '../../config/env';
import type { Database } from '../../db/client';
import { accounts, quoteRequests } from '../../db/schema';
import { DomainError } from '../domain-error';
import { priceFormat } from '../price-format';
import { listQuotes } from '../spareparts/quotes';
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

/**
 * The provider's offer on a quote, as a PDF under the provider's letterhead: the customer's
 * company, the lines at their offered unit prices, the discount, the amount before tax, the tax,
 * the total with tax, the last valid day and the terms. The figures are the quote's own (the
 * same the page, the list, the mail and the export show). `accountId` is the reader's account
 * (another account's quote is not found); staff read any quote.
 */
export async function renderQuoteOffer(
  db: Database,
  translations: Translations,
  args: {
    reader:
      { kind: 'customer'; accountId: string | null; onlyCreatedBy?: string } | { kind: 'staff' };
    quoteId: string;
    language: Language;
    now: Date;
    provider: ProviderIdentity;
    taxRateBasisPoints: number;
  },
): Promise<{ fileName: string; bytes: Buffer }> {
  const [owner] = await db
    .select({ accountId: quoteRequests.accountId, createdBy: quoteRequests.createdByUserId })
    .from(quoteRequests)
    .where(eq(quoteRequests.id, args.quoteId));
  const reader = args.reader;
  const readable =
    owner &&
    (reader.kind === 'staff' ||
      (owner.accountId === reader.accountId &&
        (!reader.onlyCreatedBy || owner.createdBy === reader.onlyCreatedBy)));
  if (!owner || !readable) throw new DomainError('request.not_found');
  const [quote] = await listQuotes(
    db,
    owner.accountId,
    args.language,
    args.taxRateBasisPoints,
    args.quoteId,
  );
  if (!quote) throw new DomainError('request.not_found');
  const offer = quote.offer;
  if (!offer || !quoteOfferDocumentStatuses.includes(quote.status)) {
    throw new DomainError('documents.quote_offer_unavailable');
  }
  const [account] = await db
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, owner.accountId));

  const t = (key: string, values?: Record<string, string>) =>
    translate(translations, 'documents', args.language, key, values);
  const locale = args.language === 'fr' ? 'fr-FR' : 'en-GB';
  const count = new Intl.NumberFormat(locale);
  const { cents: price, rate: percent } = priceFormat(args.language);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const validUntil = day.format(new Date(`${offer.validUntil}T00:00:00Z`));
  const figures = quote.figures;
  const total = (label: string, cents: number, bold = false) => ({
    bold,
    cells: [label, '', '', '', price(cents)],
  });

  const title = t('quoteOffer.title', { number: quote.number });
  const doc = await createPdf({ title, language: args.language, now: args.now });
  heading(
    doc,
    { provider: args.provider, translations, language: args.language },
    title,
    account?.name ?? '',
  );
  facts(doc, [
    [t('quoteOffer.customer'), account?.name ?? ''],
    [t('quoteOffer.requestedOn'), day.format(new Date(quote.createdAt))],
    [t('quoteOffer.issued'), day.format(args.now)],
    [t('quoteOffer.validUntil'), validUntil],
    ...(quote.poNumber
      ? ([[t('quoteOffer.poNumber'), quote.poNumber]] as Array<[string, string]>)
      : []),
  ]);
  sectionTitle(doc, t('quoteOffer.lines'));
  table(
    doc,
    [
      { header: t('quoteOffer.partNumber'), width: 1.6 },
      { header: t('quoteOffer.designation'), width: 3.6 },
      { header: t('quoteOffer.quantity'), width: 1, align: 'right' },
      { header: t('quoteOffer.unitPrice'), width: 1.4, align: 'right' },
      { header: t('quoteOffer.amount'), width: 1.4, align: 'right' },
    ],
    [
      ...quote.lines.map((line) => ({
        cells: [
          line.partNumber,
          line.designation,
          count.format(line.quantity),
          price(line.unitPriceCents),
          price(line.lineTotalCents),
        ],
      })),
      ...(figures.discountCents
        ? [
            total(t('quoteOffer.subtotal'), figures.subtotalCents),
            total(
              t('quoteOffer.discount', { rate: percent(figures.discountBasisPoints) }),
              -figures.discountCents,
            ),
          ]
        : []),
      total(t('quoteOffer.net'), figures.netCents),
      total(t('quoteOffer.tax', { rate: percent(figures.taxRateBasisPoints) }), figures.taxCents),
      total(t('quoteOffer.total'), figures.totalCents, true),
    ],
  );
  paragraph(doc, t('quoteOffer.validity', { date: validUntil }));
  if (offer.note) {
    sectionTitle(doc, t('quoteOffer.note'));
    paragraph(doc, offer.note);
  }
  sectionTitle(doc, t('quoteOffer.terms'));
  paragraph(doc, t('quoteOffer.termsText'), { muted: true });
  footers(doc, (page, pages) => t('page', { page: String(page), pages: String(pages), title }));
  return { fileName: `${title}.pdf`, bytes: await toBuffer(doc, 'quote') };
}
