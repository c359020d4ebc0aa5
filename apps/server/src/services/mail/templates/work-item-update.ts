import { linkedPages, type Language, type PriceFigures, type WorkItemKind } from '@portal/contract';
import { priceFormat } from '../../price-format';
import { translate, type Translations } from '../../translations';
import { formatDay } from '../../refill/delivery-date';
import { composeMail, type RenderedMail } from './layout';

/**
 * The mail a change of an item sends to the other side, in the reader's language: which item,
 * where it stands now, and the link to it.
 */
export function renderWorkItemMail(
  translations: Translations,
  lng: Language,
  input: {
    reference: string;
    kind: WorkItemKind;
    status: string;
    audience: 'customer' | 'staff';
    link: string;
    /** An offer's last valid day: the mail is the reminder that it is about to expire. */
    expiresOn?: string;
    /** The offer made: its figures (the quote's own) and its last valid day. */
    offer?: { figures: PriceFigures; validUntil: string };
  },
): RenderedMail {
  const t = (key: string, values?: Record<string, string>) =>
    translate(translations, 'mail', lng, key, values);
  const values = {
    reference: input.reference,
    kind: t(`workItem.kind.${input.kind}`),
    status: t(`workItem.status.${input.kind}.${input.status}`),
    date: input.expiresOn ? formatDay(input.expiresOn, lng) : '',
  };
  const subject = t(input.expiresOn ? 'workItem.reminder.subject' : 'workItem.subject', values);
  const intro = t(
    input.expiresOn ? 'workItem.reminder.intro' : `workItem.intro.${input.audience}`,
    values,
  );
  return composeMail({
    lang: lng,
    subject,
    blocks: [
      intro,
      ...(input.offer ? [{ list: offerLines(t, lng, input.offer) }] : []),
      { button: t('workItem.button'), href: input.link },
    ],
    footer:
      input.audience === 'customer'
        ? t('footers.customerItem', values)
        : {
            reason: t('footers.staffItem', values),
            stop: { label: t('footers.staffItemStop'), href: inboxOf(input.link) },
          },
  });
}

/** The inbox, where a staff member chooses between a mail per change and a daily digest. */
function inboxOf(link: string): string {
  return new URL(linkedPages.backofficeInbox, link).toString();
}

/** An offer's figures as the page and the PDF state them: before tax, tax, with tax, validity. */
function offerLines(
  t: (key: string, values?: Record<string, string>) => string,
  lng: Language,
  { figures, validUntil }: { figures: PriceFigures; validUntil: string },
): string[] {
  const price = priceFormat(lng);
  return [
    t('workItem.offer.net', { amount: price.cents(figures.netCents) }),
    t('workItem.offer.tax', {
      rate: price.rate(figures.taxRateBasisPoints),
      amount: price.cents(figures.taxCents),
    }),
    t('workItem.offer.total', { amount: price.cents(figures.totalCents) }),
    t('workItem.offer.validUntil', { date: formatDay(validUntil, lng) }),
  ];
}

/**
 * The staff's daily digest: each change since the last one, and the link to the inbox. An action
 * reads as its item's kind says it where that differs (a collection's schedule is a pickup).
 */
export function renderDigestMail(
  translations: Translations,
  lng: Language,
  input: {
    entries: Array<{ reference: string; kind: WorkItemKind; action: string }>;
    link: string;
  },
): RenderedMail {
  const t = (key: string, values?: Record<string, string>) =>
    translate(translations, 'mail', lng, key, values);
  const actionLabel = (kind: WorkItemKind, action: string) => {
    const ownKey = `workItem.digest.kindActions.${kind}.${action}`;
    const own = t(ownKey);
    return own === ownKey ? t(`workItem.digest.actions.${action}`) : own;
  };
  const count = String(input.entries.length);
  const subject = t('workItem.digest.subject', { count });
  const lines = input.entries.map((entry) =>
    t('workItem.digest.entry', {
      reference: entry.reference,
      action: actionLabel(entry.kind, entry.action),
    }),
  );
  return composeMail({
    lang: lng,
    subject,
    blocks: [
      t('workItem.digest.intro'),
      { list: lines },
      { button: t('workItem.digest.button'), href: input.link },
    ],
    footer: {
      reason: t('footers.digest'),
      stop: { label: t('footers.digestStop'), href: input.link },
    },
  });
}
