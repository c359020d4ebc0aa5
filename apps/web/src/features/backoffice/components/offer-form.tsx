import { useState, type FormEvent } from 'react';
import type { WorkItemDetail } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { TextField } from '@portal/ui/text-field';
import { Textarea } from '@portal/ui/textarea';
import { useTranslation } from '@/lib/i18n';
import { DayField } from '@/lib/kit-fields';
import styles from './backoffice.module.css';

type QuoteDetail = NonNullable<WorkItemDetail['quote']>;

const toEuros = (cents: number) => (cents / 100).toFixed(2);
const toCents = (euros: string) => Math.round(Number(euros.replace(',', '.')) * 100);

/**
 * The quote-pricing form: a unit price per line (the catalogue price to start from), a
 * discount in percent, the offer's last valid day and a note. The server checks the prices and
 * the date and names what is wrong.
 */
export function OfferForm({
  quote,
  isPending,
  onSubmit,
}: {
  quote: QuoteDetail;
  isPending: boolean;
  onSubmit: (offer: {
    lines: Array<{ lineId: string; unitPriceCents: number }>;
    discountBasisPoints: number;
    validUntil: string;
    note?: string;
  }) => void;
}) {
  const { t } = useTranslation('backoffice');
  const [prices, setPrices] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      quote.lines.map((line) => [
        line.lineId,
        toEuros(line.offeredUnitPriceCents ?? line.listUnitPriceCents),
      ]),
    ),
  );
  const [discount, setDiscount] = useState(String(quote.discountBasisPoints / 100));
  const [validUntil, setValidUntil] = useState(quote.validUntil ?? '');
  const [note, setNote] = useState(quote.offerNote ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({
      lines: quote.lines.map((line) => ({
        lineId: line.lineId,
        unitPriceCents: toCents(prices[line.lineId] ?? '0'),
      })),
      discountBasisPoints: Math.round(Number(discount.replace(',', '.') || '0') * 100),
      validUntil,
      ...(note.trim() ? { note } : {}),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="offer-title" className={styles.stack}>
      <h3 id="offer-title">{t('offer.title')}</h3>
      {quote.lines.map((line) => (
        <TextField
          key={line.lineId}
          label={t('offer.unitPrice', {
            part: `${line.partNumber} ${line.designation}`,
            quantity: line.quantity,
          })}
          inputMode="decimal"
          value={prices[line.lineId] ?? ''}
          onChange={(event) => setPrices({ ...prices, [line.lineId]: event.target.value })}
          isRequired
        />
      ))}
      <TextField
        label={t('offer.discount')}
        inputMode="decimal"
        value={discount}
        onChange={(event) => setDiscount(event.target.value)}
      />
      <DayField
        label={t('offer.validUntil')}
        value={validUntil}
        onChange={setValidUntil}
        isRequired
      />
      <Textarea
        label={t('offer.note')}
        value={note}
        maxLength={2000}
        onChange={(event) => setNote(event.target.value)}
      />
      <div>
        <Button type="submit" isPending={isPending} isDisabled={!validUntil}>
          {t('offer.submit')}
        </Button>
      </div>
    </form>
  );
}
