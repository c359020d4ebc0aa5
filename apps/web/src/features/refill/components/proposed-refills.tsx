import type { RefillProposal } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { useAbility } from '@/lib/ability';
import { showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useAnswerRefillProposal } from '../api/answer-refill-proposal';
import { useRefillFormat } from '../hooks/use-refill-format';
import styles from './refill.module.css';

export interface ProposalActionsProps {
  proposal: RefillProposal;
  /** Opens the request form with the proposal's drum: when no contact phone is known yet. */
  onReview: (drumId: string) => void;
}

/**
 * Confirm (the refill request is sent at once) or dismiss a proposed refill, each one click.
 * Without a known contact phone, confirming goes through the request form instead. Buyers only.
 */
export function ProposalActions({ proposal, onReview }: ProposalActionsProps) {
  const { t } = useTranslation(['refill', 'common', 'errors']);
  const canOrder = useAbility().can('order', 'refill');
  const answer = useAnswerRefillProposal();
  if (!canOrder) return null;
  const serial = proposal.drum.serial;
  const send = (kind: 'confirm' | 'dismiss') =>
    answer.mutate(
      { id: proposal.id, answer: kind },
      {
        onSuccess: (request) =>
          toaster.show({
            type: 'success',
            title: t('common:success'),
            description: request
              ? t('request.sent', { number: request.number })
              : t('proposals.dismissed', { serial }),
          }),
        onError: (error) => showErrorToasts(error, t),
      },
    );
  return (
    <div className={styles.actions}>
      {proposal.contactPhone ? (
        <Button
          isPending={answer.isPending && answer.variables?.answer === 'confirm'}
          isDisabled={answer.isPending}
          onPress={() => send('confirm')}
          aria-label={t('proposals.confirmLabel', { serial })}
        >
          {t('proposals.confirm')}
        </Button>
      ) : (
        <Button
          onPress={() => onReview(proposal.drum.id)}
          aria-label={t('proposals.reviewLabel', { serial })}
        >
          {t('proposals.review')}
        </Button>
      )}
      <Button
        variant="outlined"
        isPending={answer.isPending && answer.variables?.answer === 'dismiss'}
        isDisabled={answer.isPending}
        onPress={() => send('dismiss')}
        aria-label={t('proposals.dismissLabel', { serial })}
      >
        {t('proposals.dismiss')}
      </Button>
    </div>
  );
}

/** What the portal proposes for one drum, in a sentence. */
export function ProposalSummary({ proposal }: { proposal: RefillProposal }) {
  const { t } = useTranslation(['refill', 'common', 'errors']);
  const f = useRefillFormat();
  return (
    <p>
      {t('proposals.summary', {
        count: proposal.quantity,
        runOut: f.day(proposal.runOutOn),
        delivery: f.day(proposal.deliveryDate),
        remaining: f.metres(proposal.remainingM),
      })}
    </p>
  );
}

/** The "proposed refills" block above the drums: one line per open proposal, with its actions. */
export function ProposedRefills({
  proposals,
  onReview,
}: {
  proposals: RefillProposal[];
  onReview: (drumId: string) => void;
}) {
  const { t } = useTranslation(['refill', 'common', 'errors']);
  return (
    <section aria-labelledby="proposed-refills" className={styles.proposals}>
      <h2 id="proposed-refills" className={styles.sectionTitle}>
        {t('proposals.title', { count: proposals.length })}
      </h2>
      <p className={styles.muted}>{t('proposals.description')}</p>
      <ul className={styles.itemList}>
        {proposals.map((proposal) => (
          <li key={proposal.id} className={styles.proposal}>
            <div>
              <strong>{proposal.drum.serial}</strong>
              {` · ${proposal.drum.reference} · ${proposal.site.name}`}
              <ProposalSummary proposal={proposal} />
            </div>
            <ProposalActions proposal={proposal} onReview={onReview} />
          </li>
        ))}
      </ul>
    </section>
  );
}
