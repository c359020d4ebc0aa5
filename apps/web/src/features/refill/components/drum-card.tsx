import type { DrumSummary } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Card } from '@portal/ui/card';
import { Progress } from '@portal/ui/progress';
import { useTranslation } from '@/lib/i18n';
import { useRefillFormat } from '../hooks/use-refill-format';
import { ActiveAlertLabel, DrumStatusLabel, ProposedLabel, statusTone } from './drum-status';
import { DrumRentFacts, rentSummary } from './drum-rent-facts';
import { ReadingFreshness } from './reading-freshness';
import styles from './refill.module.css';

export interface DrumCardProps {
  drum: DrumSummary;
  isChecked: boolean;
  /** Selects the drum for a request; absent for a user who may not order. */
  onCheckedChange?: ((isChecked: boolean) => void) | undefined;
  onOpen: () => void;
  /** Opens the drum's release form; absent for a user who may not order. */
  onRelease?: (() => void) | undefined;
  /** The portal proposes a refill of this drum. */
  isProposed?: boolean;
}

/** A drum in the card view: key figures always shown, the rest when expanded. */
export function DrumCard({
  drum,
  isChecked,
  onCheckedChange,
  onOpen,
  onRelease,
  isProposed = false,
}: DrumCardProps) {
  const { t } = useTranslation('refill');
  const f = useRefillFormat();
  return (
    <Card
      title={drum.serial}
      subtitle={`${drum.product.reference} · ${drum.site.name}`}
      isCheckable={onCheckedChange !== undefined}
      isChecked={isChecked}
      onCheckedChange={onCheckedChange}
      checkLabel={t('overview.selectDrum', { serial: drum.serial })}
      isCollapsible
      actions={
        <Button
          variant="outlined"
          onPress={onOpen}
          data-drum-open={drum.id}
          aria-label={t('overview.openDrum', { serial: drum.serial })}
        >
          {t('overview.details')}
        </Button>
      }
      summary={
        <div className={styles.cardSummary}>
          <div className={styles.labels}>
            <DrumStatusLabel status={drum.status} />
            <ActiveAlertLabel level={drum.activeAlert} />
            {isProposed ? <ProposedLabel /> : null}
          </div>
          <Progress
            label={t('drum.remaining')}
            isLabelVisible
            value={drum.remainingPct}
            tone={statusTone[drum.status]}
            valueText={t('drum.remainingOf', {
              remaining: f.metres(drum.remainingM),
              initial: f.metres(drum.initialLengthM),
              pct: f.percent(drum.remainingPct),
            })}
          />
          <p className={styles.figure}>{t('rent.cardLine', { value: rentSummary(drum, t, f) })}</p>
          <ReadingFreshness drum={drum} isCompact />
          {/* Under the figures, not in the header: the serial keeps the header's width. */}
          {onRelease ? (
            <div>
              <Button
                variant="text"
                onPress={onRelease}
                aria-label={t('collection.releaseDrum', { serial: drum.serial })}
              >
                {t('collection.release')}
              </Button>
            </div>
          ) : null}
        </div>
      }
    >
      <DrumFacts drum={drum} />
    </Card>
  );
}

/** The rest of a drum's figures, drawn when its card is expanded. */
function DrumFacts({ drum }: { drum: DrumSummary }) {
  const { t } = useTranslation('refill');
  const f = useRefillFormat();
  return (
    <dl className={styles.facts}>
      <dt>{t('drum.site')}</dt>
      <dd>{`${drum.site.name}, ${drum.site.city}`}</dd>
      <dt>{t('drum.product')}</dt>
      <dd>
        {t('drum.productValue', {
          reference: drum.product.reference,
          family: drum.product.family,
          section: f.count(drum.product.crossSectionMm2),
        })}
      </dd>
      <dt>{t('drum.type')}</dt>
      <dd>{drum.drumType.code}</dd>
      <dt>{t('drum.lastReading')}</dt>
      <dd>{drum.lastReadingAt ? f.dateTime(drum.lastReadingAt) : t('drum.none')}</dd>
      <dt>{t('drum.consumption')}</dt>
      <dd>
        {drum.averageDailyConsumptionM === null
          ? t('drum.none')
          : t('drum.perDay', { value: f.metres(drum.averageDailyConsumptionM) })}
      </dd>
      <dt>{t('drum.runOut')}</dt>
      <dd>{drum.estimatedRunOutOn ? f.day(drum.estimatedRunOutOn) : t('drum.notInUse')}</dd>
      <DrumRentFacts drum={drum} />
    </dl>
  );
}
