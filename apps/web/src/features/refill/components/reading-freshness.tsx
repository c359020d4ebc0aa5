import { SENSOR_LOW_BATTERY_PCT, type DrumSummary, type ReadingSource } from '@portal/contract';
import { PencilIcon, SensorIcon, WarningIcon } from '@portal/ui/icons';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { useNow } from '../hooks/use-now';
import { useRefillFormat, type RefillFormat } from '../hooks/use-refill-format';
import styles from './refill.module.css';

/** Where a reading came from, as an icon and its word (the word is what a screen reader reads). */
export function ReadingSourceLabel({
  source,
  isShort = false,
}: {
  source: ReadingSource;
  /** "Sensor" rather than "Sensor reading", for a table's cell. */
  isShort?: boolean;
}) {
  const { t } = useTranslation('refill');
  const Icon = source === 'sensor' ? SensorIcon : PencilIcon;
  return (
    <span className={styles.source} data-source={source}>
      <Icon size={16} />
      {isShort ? t(`freshness.sourceShort.${source}`) : t(`freshness.source.${source}`)}
    </span>
  );
}

/** A sensor's battery as a percentage, or "not reported". */
export function batteryText(battery: number | null, f: RefillFormat, unknown: string): string {
  return battery === null ? unknown : f.percent(battery);
}

/** A sensor's signal in dBm, or "not reported". */
export function signalText(signal: number | null, f: RefillFormat, t: TFunction): string {
  return signal === null ? t('freshness.unknown') : t('freshness.dbm', { value: f.count(signal) });
}

export function isBatteryLow(battery: number | null): boolean {
  return battery !== null && battery <= SENSOR_LOW_BATTERY_PCT;
}

/**
 * How fresh a drum's figures are: when its latest reading was taken, relative to now and moving
 * on while the page is open (the exact moment in the `time` element and its tooltip), and who took
 * it. A drum with a sensor also says its battery and signal, and warns when the sensor fell
 * silent or its battery runs low; each warning is a word with an icon, never a colour alone.
 */
export function ReadingFreshness({
  drum,
  isCompact = false,
}: {
  drum: DrumSummary;
  /** Leaves out the advice under a warning (a card has little room; the detail says it). */
  isCompact?: boolean;
}) {
  const { t } = useTranslation('refill');
  const f = useRefillFormat();
  const now = useNow();
  const { sensor } = drum;
  return (
    <div className={styles.freshness}>
      <p className={styles.freshnessLine}>
        {drum.lastReadingAt ? (
          <>
            <time dateTime={drum.lastReadingAt} title={f.dateTime(drum.lastReadingAt)}>
              {t('freshness.lastReading', { ago: f.ago(drum.lastReadingAt, now) })}
            </time>
            {drum.lastReadingSource ? (
              <>
                {' · '}
                <ReadingSourceLabel source={drum.lastReadingSource} />
              </>
            ) : null}
          </>
        ) : (
          t('freshness.never')
        )}
      </p>
      {sensor ? (
        <p className={styles.freshnessLine}>
          {t('freshness.sensorLine', {
            battery: batteryText(sensor.battery, f, t('freshness.unknown')),
            signal: signalText(sensor.signal, f, t),
          })}
        </p>
      ) : null}
      {sensor?.isStale ? (
        <p className={styles.sensorWarning} data-tone="error">
          <WarningIcon size={16} />
          <span>
            <strong>
              {t('freshness.sensorSilent', { since: f.dateTime(sensor.lastReadingAt) })}
            </strong>
            {isCompact
              ? null
              : ` ${t('freshness.sensorSilentHelp', { ago: f.elapsed(sensor.lastReadingAt, now) })}`}
          </span>
        </p>
      ) : null}
      {sensor && isBatteryLow(sensor.battery) ? (
        <p className={styles.sensorWarning} data-tone="warning">
          <WarningIcon size={16} />
          <span>
            {t('freshness.lowBattery', {
              battery: batteryText(sensor.battery, f, t('freshness.unknown')),
            })}
          </span>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The table's "last reading" cell: how long ago, who took it, and the sensor's warnings in short
 * (the drum's detail says them in full).
 */
export function LastReadingCell({ drum }: { drum: DrumSummary }) {
  const { t } = useTranslation('refill');
  const f = useRefillFormat();
  const now = useNow();
  if (!drum.lastReadingAt) return <>{t('drum.none')}</>;
  const { sensor } = drum;
  return (
    <span className={styles.freshness}>
      <time dateTime={drum.lastReadingAt} title={f.dateTime(drum.lastReadingAt)}>
        {f.ago(drum.lastReadingAt, now)}
      </time>
      {drum.lastReadingSource ? (
        <ReadingSourceLabel source={drum.lastReadingSource} isShort />
      ) : null}
      {sensor?.isStale ? (
        <span className={styles.alert} data-tone="error">
          {t('freshness.sensorSilentShort')}
        </span>
      ) : null}
      {sensor && isBatteryLow(sensor.battery) ? (
        <span className={styles.alert} data-tone="warning">
          {t('freshness.lowBatteryShort', { battery: f.percent(sensor.battery ?? 0) })}
        </span>
      ) : null}
    </span>
  );
}
