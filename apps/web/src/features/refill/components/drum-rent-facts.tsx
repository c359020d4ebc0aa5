import type { DrumSummary } from '@portal/contract';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { useRefillFormat } from '../hooks/use-refill-format';

/** A drum's rent as facts of a description list: days on site, free days left or rent run. */
export function DrumRentFacts({ drum }: { drum: DrumSummary }) {
  const { t } = useTranslation('refill');
  const f = useRefillFormat();
  const { rent } = drum;
  return (
    <>
      <dt>{t('rent.onSite')}</dt>
      <dd>{f.count(rent.daysOnSite)}</dd>
      <dt>{t('rent.freeLeft')}</dt>
      <dd>
        {rent.rentFreeDaysLeft > 0
          ? t('rent.freeUntil', {
              days: f.count(rent.rentFreeDaysLeft),
              date: f.day(rent.rentStartsOn),
            })
          : t('rent.since', { date: f.day(rent.rentStartsOn) })}
      </dd>
      <dt>{t('rent.accrued')}</dt>
      <dd>{f.euros(rent.rentAccrued)}</dd>
    </>
  );
}

/** The short form a table cell or a card summary shows. */
export function rentSummary(
  drum: DrumSummary,
  t: TFunction,
  f: ReturnType<typeof useRefillFormat>,
): string {
  return drum.rent.rentFreeDaysLeft > 0
    ? t('rent.freeShort', { days: f.count(drum.rent.rentFreeDaysLeft) })
    : f.euros(drum.rent.rentAccrued);
}
