import { useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { quoteOfferDocumentStatuses, type StaffTransitionRequest } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Chat } from '@portal/ui/chat';
import { PageHeader } from '@portal/ui/page-header';
import { CenteredSpinner } from '@portal/ui/spinner';
import { enUS } from 'date-fns/locale/en-US';
import { fr } from 'date-fns/locale/fr';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { useChatOf } from '@/lib/conversation';
import { showErrorToasts } from '@/lib/error-toasts';
import { downloadFile } from '@/lib/export-menu';
import { ItemTimeline } from '@/lib/item-timeline';
import { useAppStore } from '@/lib/app-store';
import { useTranslation } from '@/lib/i18n';
import { WorkflowStatus } from '@/lib/status-badge';
import { useWorkItem } from '../api/get-work-item';
import { useItemPresence } from '../api/presence';
import { useWorkOnItem } from '../api/work-item-mutations';
import { AssignSelect } from '../components/assign-select';
import { InboxMarks } from '../components/inbox-marks';
import { InternalNotes } from '../components/internal-notes';
import { ItemActions } from '../components/item-actions';
import { ItemPresence } from '../components/item-presence';
import { OfferForm } from '../components/offer-form';
import { StaffAttachments } from '../components/staff-attachments';
import styles from '../components/backoffice.module.css';

/**
 * /backoffice/items/:id, one item as staff work it: who handles it (claim, or hand it back), its
 * transitions, the quote-pricing form, the conversation with the customer, internal notes and
 * the timeline.
 */
export default function ItemPage() {
  const { t, i18n } = useTranslation(['backoffice', 'common', 'errors']);
  const { id = '' } = useParams();
  const lang = i18n.language === 'en' ? 'en' : 'fr';
  const query = useWorkItem(id, lang);
  const work = useWorkOnItem(id, lang);
  const me = useAppStore((state) => state.user?.id);
  const { people, chatMessages } = useChatOf(query.data?.messages, 'service');
  const [isTyping, setTyping] = useState(false);
  const others = useItemPresence(id, isTyping);
  // A reply held back because a newer message arrived while it was written.
  const [isHeld, setHeld] = useState(false);
  const composer = useRef<HTMLTextAreaElement>(null);
  const formats = useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
    const day = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' });
    return {
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      day: (iso: string) => day.format(new Date(`${iso}T12:00:00Z`)),
    };
  }, [lang]);

  if (query.isError) throw query.error;
  const item = query.data;
  if (!item) return <CenteredSpinner label={t('common:loading')} />;
  const onError = (error: unknown) => showErrorToasts(error, t);
  const transition = (request: StaffTransitionRequest) =>
    work.mutate({ kind: 'transition', request }, { onError });
  // The reply carries how many messages its writer saw: if another came since, the server
  // refuses it and the page shows that message and asks before sending. Once asked, sending
  // again is the writer's choice and goes unchecked.
  const reply = (text: string) =>
    work
      .mutateAsync({
        kind: 'reply',
        body: text,
        ...(!isHeld ? { seenMessages: item.messages.length } : {}),
      })
      .then(
        () => setHeld(false),
        (error: unknown) => {
          if (
            error instanceof ApiRequestError &&
            error.body?.message === 'workflow.newer_message'
          ) {
            setHeld(true);
            void query.refetch();
          } else {
            onError(error);
          }
          throw error;
        },
      );
  const offers = item.actions.includes('offer');
  const money = new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' });
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 });

  return (
    <div className={styles.page}>
      <div>
        <Link to={paths.backoffice}>{t('item.back')}</Link>
      </div>
      <PageHeader
        title={`${t(`kinds.${item.kind}`)} ${item.reference}`}
        description={`${item.account.name}${item.site ? ` · ${item.site.name}` : ''}`}
      />
      <div>
        <WorkflowStatus kind={item.kind} status={item.status} /> <InboxMarks item={item} />
      </div>
      {/* The next action first and what was asked, the conversation beside them; who handles
          the item, the notes and the history after. */}
      <div className={styles.columns}>
        <div className={styles.stack}>
          <section aria-labelledby="next-step-title" className={styles.section}>
            <h2 id="next-step-title">{t('item.nextStep')}</h2>
            {offers && item.quote ? (
              <OfferForm
                quote={item.quote}
                isPending={work.isPending}
                onSubmit={(offer) => transition({ action: 'offer', offer })}
              />
            ) : null}
            {!offers || item.actions.length > 1 ? (
              <ItemActions item={item} isPending={work.isPending} onTransition={transition} />
            ) : null}
          </section>
          <section aria-labelledby="request-title" className={styles.section}>
            <h2 id="request-title">{t('item.request')}</h2>
            {item.createdBy ? <p>{t('item.createdBy', { email: item.createdBy })}</p> : null}
            {item.comment ? <p className={styles.note}>{item.comment}</p> : null}
            {item.statusReason ? (
              <p>{t('common:workflow.reason', { reason: item.statusReason })}</p>
            ) : null}
            {item.refill ? (
              <dl className={styles.cardFacts}>
                <dt>{t('item.deliveryDate')}</dt>
                <dd>{`${formats.day(item.refill.deliveryDate)}, ${item.refill.windowStart}–${item.refill.windowEnd}`}</dd>
                <dt>{t('item.phone')}</dt>
                <dd>{item.refill.contactPhone}</dd>
                {item.refill.poNumber ? (
                  <Fragmentless term={t('item.poNumber')} value={item.refill.poNumber} />
                ) : null}
                {item.refill.items.map((line) => (
                  <Fragmentless
                    key={line.serial}
                    term={line.serial}
                    value={t('item.quantity', { count: line.quantity })}
                  />
                ))}
              </dl>
            ) : null}
            {item.refill ? (
              <StaffAttachments itemId={item.id} attachments={item.refill.attachments} />
            ) : null}
            {item.collection ? (
              <dl className={styles.cardFacts}>
                <dt>{t('item.drum')}</dt>
                <dd>{item.collection.drum.serial}</dd>
                <dt>{t('item.pickupAddress')}</dt>
                <dd className={styles.note}>{item.collection.pickupAddress}</dd>
                <dt>{t('item.timeSlots')}</dt>
                <dd>
                  {item.collection.timeSlots
                    .map((slot) => `${formats.day(slot.date)} ${t(`item.period.${slot.period}`)}`)
                    .join(', ')}
                </dd>
                <dt>{t('item.loadingMeans')}</dt>
                <dd>{t(`item.loading.${item.collection.loadingMeans}`)}</dd>
                {item.collection.pickupDate ? (
                  <Fragmentless
                    term={t('item.pickupDate')}
                    value={formats.day(item.collection.pickupDate)}
                  />
                ) : null}
                {item.collection.collectedOn ? (
                  <Fragmentless
                    term={t('item.collectedOn')}
                    value={formats.day(item.collection.collectedOn)}
                  />
                ) : null}
              </dl>
            ) : null}
            {item.quote ? (
              <>
                <ul className={styles.lines}>
                  {item.quote.lines.map((line) => (
                    <li key={line.lineId}>
                      {`${line.partNumber} · ${line.designation} · ${line.quantity} × ${money.format((line.offeredUnitPriceCents ?? line.listUnitPriceCents) / 100)}`}
                    </li>
                  ))}
                </ul>
                <p>
                  <strong>
                    {t('item.figures', {
                      net: money.format(item.quote.figures.netCents / 100),
                      rate: percent.format(item.quote.figures.taxRateBasisPoints / 10_000),
                      tax: money.format(item.quote.figures.taxCents / 100),
                      total: money.format(item.quote.figures.totalCents / 100),
                    })}
                  </strong>
                  {item.quote.poNumber
                    ? ` · ${t('common:workflow.poNumber', { poNumber: item.quote.poNumber })}`
                    : ''}
                </p>
                {quoteOfferDocumentStatuses.includes(item.status) ? (
                  <p>
                    <Button
                      variant="outlined"
                      onPress={() => downloadFile(`/api/backoffice/quotes/${item.id}/offer`)}
                      aria-label={t('item.downloadOfferLabel', { reference: item.reference })}
                    >
                      {t('item.downloadOffer')}
                    </Button>
                  </p>
                ) : null}
              </>
            ) : null}
          </section>
        </div>
        <div className={styles.stack}>
          <section aria-labelledby="conversation-title" className={styles.section}>
            <h2 id="conversation-title">{t('item.conversation')}</h2>
            <ItemPresence others={others} />
            {isHeld ? (
              <div role="alert" className={styles.collision}>
                <p>{t('errors:workflow.newer_message')}</p>
                <div className={styles.actions}>
                  <Button
                    isPending={work.isPending}
                    // Sent by the composer, which empties once the reply is stored.
                    onPress={() => composer.current?.form?.requestSubmit()}
                  >
                    {t('item.sendAnyway')}
                  </Button>
                  <Button
                    variant="outlined"
                    onPress={() => {
                      setHeld(false);
                      composer.current?.focus();
                    }}
                  >
                    {t('item.editReply')}
                  </Button>
                </div>
              </div>
            ) : null}
            <Chat
              composerRef={composer}
              onDraftChange={(draft) => setTyping(draft.trim() !== '')}
              label={t('item.conversationLog', { reference: item.reference })}
              people={people}
              messages={chatMessages}
              onSend={reply}
              isPending={work.isPending}
              maxLength={2000}
              locale={lang === 'en' ? enUS : fr}
              labels={{
                message: t('item.message'),
                send: t('item.send'),
                empty: t('item.noMessages'),
                notSent: t('item.notSent'),
              }}
            />
          </section>
          <section aria-labelledby="handling-title" className={styles.section}>
            <h2 id="handling-title">{t('item.handling')}</h2>
            <p data-testid="assignee">
              {item.assignee
                ? t('item.handledBy', { name: item.assignee.name })
                : t('inbox.unassigned')}
            </p>
            <div className={styles.actions}>
              {item.assignee?.id !== me ? (
                <Button
                  variant="outlined"
                  isPending={work.isPending}
                  onPress={() => work.mutate({ kind: 'claim' }, { onError })}
                >
                  {t('actions.claim')}
                </Button>
              ) : (
                <Button
                  variant="outlined"
                  isPending={work.isPending}
                  onPress={() => work.mutate({ kind: 'assign', assigneeUserId: null }, { onError })}
                >
                  {t('actions.release')}
                </Button>
              )}
            </div>
            <AssignSelect
              assigneeId={item.assignee?.id ?? null}
              isPending={work.isPending}
              onAssign={(assigneeUserId) =>
                work.mutate({ kind: 'assign', assigneeUserId }, { onError })
              }
            />
          </section>
          <InternalNotes
            notes={item.notes}
            isPending={work.isPending}
            formatDateTime={formats.dateTime}
            onAdd={(body) =>
              work.mutateAsync({ kind: 'note', body }).catch((error: unknown) => {
                onError(error);
                throw error;
              })
            }
          />
          <section className={styles.section}>
            <ItemTimeline
              events={item.timeline}
              formatDateTime={formats.dateTime}
              formatDay={formats.day}
              headingId="item-timeline"
              kind={item.kind}
            />
          </section>
        </div>
      </div>
    </div>
  );
}

function Fragmentless({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  );
}
