import { useState, type FormEvent } from 'react';
import { customerActions, quoteOfferDocumentStatuses, type Quote } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { ConfirmButton } from '@/lib/confirm-button';
import { TextField } from '@portal/ui/text-field';
import { useAbility } from '@/lib/ability';
import { showErrorToasts } from '@/lib/error-toasts';
import { downloadFile } from '@/lib/export-menu';
import { useTranslation } from '@/lib/i18n';
import { ItemTimeline } from '@/lib/item-timeline';
import { useTransitionQuote } from '../api/transition-quote';
import { usePartsFormat } from '../hooks/use-parts-format';
import styles from './spare-parts.module.css';

/**
 * Where a quote stands for the customer: whose turn, who handles it, the offer (its validity and
 * note; its prices are the quote's lines and figures) with accept (PO number) and decline (reason), why it was declined, and
 * the timeline.
 */
export function QuoteOffer({ quote }: { quote: Quote }) {
  const { t } = useTranslation(['spareparts', 'common', 'errors']);
  const f = usePartsFormat();
  const canOrder = useAbility().can('order', 'spareparts');
  const transition = useTransitionQuote(quote.id);
  const [poNumber, setPoNumber] = useState('');
  const [reason, setReason] = useState('');
  const [mode, setMode] = useState<'accept' | 'decline'>('accept');
  const day = (iso: string) => f.date(`${iso}T12:00:00Z`);
  const dateTime = (iso: string) => f.date(iso);
  const offer = quote.offer;
  // What the customer may do now, from the quote's lifecycle.
  const actions = canOrder ? customerActions('quote', quote.status) : [];
  const onError = (error: unknown) => showErrorToasts(error, t);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    transition.mutate(
      mode === 'accept' ? { action: 'accept', poNumber } : { action: 'decline', reason },
      { onError },
    );
  };

  return (
    <section aria-labelledby="quote-handling" className={styles.stack}>
      <h3 id="quote-handling" className={styles.sectionTitle}>
        {quote.turn ? t(`common:workflow.turn.${quote.turn}`) : t('common:workflow.closed')}
      </h3>
      <p className={styles.muted}>
        {quote.handledBy
          ? t('common:workflow.handledBy', { name: quote.handledBy.name })
          : t('common:workflow.notHandled')}
      </p>
      {quote.statusReason ? (
        <p>{t('common:workflow.reason', { reason: quote.statusReason })}</p>
      ) : null}
      {offer ? (
        <div className={styles.stack} aria-label={t('spareparts:offer.title')} role="group">
          <dl className={styles.cardFacts}>
            <dt>{t('spareparts:offer.validUntil')}</dt>
            <dd>{day(offer.validUntil)}</dd>
          </dl>
          {offer.note ? <p className={styles.preWrap}>{offer.note}</p> : null}
          {quoteOfferDocumentStatuses.includes(quote.status) ? (
            <div>
              <Button
                variant="outlined"
                onPress={() => downloadFile(`/api/documents/quotes/${quote.id}/offer`)}
                aria-label={t('spareparts:offer.downloadLabel', { number: quote.number })}
              >
                {t('spareparts:offer.download')}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      {actions.includes('accept') || actions.includes('decline') ? (
        <form
          onSubmit={submit}
          className={styles.stack}
          noValidate
          aria-label={t('spareparts:offer.answer')}
        >
          {mode === 'accept' ? (
            <TextField
              label={t('spareparts:offer.poNumber')}
              value={poNumber}
              maxLength={40}
              onChange={(event) => setPoNumber(event.target.value)}
              isRequired
            />
          ) : (
            <TextField
              label={t('spareparts:offer.reason')}
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
              isRequired
            />
          )}
          <div className={styles.cardActions}>
            <Button
              type="submit"
              tone={mode === 'decline' ? 'destructive' : 'primary'}
              isPending={transition.isPending}
              isDisabled={mode === 'accept' ? !poNumber.trim() : !reason.trim()}
            >
              {mode === 'accept' ? t('spareparts:offer.accept') : t('spareparts:offer.decline')}
            </Button>
            <Button
              variant="text"
              onPress={() => setMode(mode === 'accept' ? 'decline' : 'accept')}
            >
              {mode === 'accept' ? t('spareparts:offer.toDecline') : t('spareparts:offer.toAccept')}
            </Button>
          </div>
        </form>
      ) : null}
      {actions.includes('requote') ? (
        <div>
          <Button
            variant="outlined"
            isPending={transition.isPending}
            onPress={() => transition.mutate({ action: 'requote' }, { onError })}
          >
            {t('spareparts:offer.requote')}
          </Button>
        </div>
      ) : null}
      {actions.includes('withdraw') ? (
        <div>
          <ConfirmButton
            label={t('spareparts:offer.withdraw')}
            isPending={transition.isPending}
            onConfirm={() => transition.mutate({ action: 'withdraw' }, { onError })}
          />
        </div>
      ) : null}
      <ItemTimeline
        events={quote.timeline}
        formatDateTime={dateTime}
        formatDay={day}
        headingId="quote-timeline"
      />
    </section>
  );
}
