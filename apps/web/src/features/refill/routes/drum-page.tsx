import { Link, useParams, useSearchParams } from 'react-router';
import { buttonLook } from '@portal/ui/button';
import { useAbility } from '@/lib/ability';
import { useTranslation } from '@/lib/i18n';
import { ErrorState, LoadingState } from '@/lib/load-states';
import { useIsOnline } from '@/lib/use-is-online';
import { useDrums } from '../api/get-drums';
import { FieldReadingForm } from '../components/field-reading-form';
import { PendingReadingList } from '../components/pending-reading-list';
import { ScanDrumButton } from '../components/scan-drum-button';
import { useCachedAt } from '../hooks/use-cached-at';
import { usePendingReadings } from '../hooks/use-pending-readings';
import { useRefillFormat } from '../hooks/use-refill-format';
import { refillUrl } from '../lib/refill-url';
import styles from '../components/field.module.css';

/**
 * A drum's page as its label's QR code opens it, made for a phone held in a gloved hand: the
 * reading field first, large targets, the unit beside the number. A code of no drum of the
 * person's account (another account's, or none) is "not found", the same answer either way.
 */
export default function DrumPage() {
  const { t } = useTranslation('refill');
  const f = useRefillFormat();
  const { code } = useParams();
  const [search] = useSearchParams();
  const ability = useAbility();
  const isOnline = useIsOnline();
  const cachedAt = useCachedAt('/api/refill/drums', isOnline);
  const drums = useDrums();
  if (drums.isPending) return <LoadingState />;
  if (drums.isError) return <ErrorState error={drums.error} onRetry={() => void drums.refetch()} />;
  const drum = drums.data.drums.find((candidate) => candidate.publicCode === code);
  const scan = <ScanDrumButton isInitiallyOpen={search.has('scan')} />;
  if (!drum) {
    return (
      <div className={styles.page}>
        <h1 className={styles.serial}>{t('field.notFoundTitle')}</h1>
        <p role="alert">{t('field.notFound')}</p>
        <StrandedReadings code={code} />
        {scan}
        <Link {...buttonLook({ variant: 'text', size: 'large' })} to={refillUrl({})}>
          {t('field.toOverview')}
        </Link>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.serial}>{t('field.title', { serial: drum.serial })}</h1>
        <p className={styles.facts}>
          {drum.product.reference} · {drum.site.name}
        </p>
        <p className={styles.remaining}>
          {t('field.remaining', {
            remaining: f.metres(drum.remainingM),
            initial: f.metres(drum.initialLengthM),
            percent: f.percent(drum.remainingPct),
          })}
        </p>
        {cachedAt ? (
          <p className={styles.cachedAt}>
            {t('field.lastUpdated', { time: f.dateTime(cachedAt) })}
          </p>
        ) : null}
      </header>
      {ability.can('order', 'refill') ? <FieldReadingForm drum={drum} /> : null}
      <div className={styles.actions}>
        {scan}
        <Link {...buttonLook({ variant: 'text', size: 'large' })} to={refillUrl({ drum: drum.id })}>
          {t('field.details')}
        </Link>
        {ability.can('print', 'labels') ? (
          // One drum's label, large: the 4-label sheet. A plain link to the PDF the server draws.
          <a
            {...buttonLook({ variant: 'text', size: 'large' })}
            href={`/api/documents/drum-labels?sheet=a4-4&drum=${encodeURIComponent(drum.id)}`}
            download
          >
            {t('field.printLabel')}
          </a>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The readings kept on this device for a label whose drum is no longer the account's (collected
 * while they waited): each with the server's refusal, to discard. There is no drum to fix them on.
 */
function StrandedReadings({ code }: { code: string | undefined }) {
  const { readings, discard } = usePendingReadings({ publicCode: code });
  return (
    <PendingReadingList readings={readings} onDiscard={(reading) => void discard(reading.key)} />
  );
}
