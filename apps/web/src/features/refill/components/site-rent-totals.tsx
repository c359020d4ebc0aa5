import { Button } from '@portal/ui/button';
import { downloadFile } from '@/lib/export-menu';
import { useTranslation } from '@/lib/i18n';
import type { DrumSummary } from '@portal/contract';
import { useRefillFormat } from '../hooks/use-refill-format';
import styles from './refill.module.css';

interface SiteTotal {
  id: string;
  name: string;
  drums: number;
  inRent: number;
  rentAccrued: number;
}

/** Per site, the shown drums, how many run rent, and the rent they have run up. */
export function siteRentTotals(drums: readonly DrumSummary[]): SiteTotal[] {
  const bySite = new Map<string, SiteTotal>();
  for (const drum of drums) {
    const site = bySite.get(drum.site.id) ?? {
      id: drum.site.id,
      name: drum.site.name,
      drums: 0,
      inRent: 0,
      rentAccrued: 0,
    };
    site.drums += 1;
    if (drum.rent.rentDays > 0) site.inRent += 1;
    site.rentAccrued = Math.round((site.rentAccrued + drum.rent.rentAccrued) * 100) / 100;
    bySite.set(drum.site.id, site);
  }
  return [...bySite.values()];
}

/** YYYY-MM of the month `monthsAgo` before `today`'s, in the local calendar. */
export function monthOf(today: Date, monthsAgo: number): string {
  const date = new Date(today.getFullYear(), today.getMonth() - monthsAgo, 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** The drum account per site, for the drums the filters show, and its monthly statements. */
export function SiteRentTotals({ drums }: { drums: readonly DrumSummary[] }) {
  const { t } = useTranslation('refill');
  const f = useRefillFormat();
  const totals = siteRentTotals(drums);
  if (!totals.length) return null;
  return (
    <section aria-labelledby="site-rent-title" className={styles.stack}>
      <h2 id="site-rent-title" className={styles.sectionTitle}>
        {t('rent.bySite')}
      </h2>
      <ul className={styles.summaryList}>
        {totals.map((site) => (
          <li key={site.id} className={styles.summaryItem} data-tone="primary">
            <span className={styles.summaryCount}>{f.euros(site.rentAccrued)}</span>
            <span>
              {t('rent.siteLine', {
                site: site.name,
                drums: f.count(site.drums),
                inRent: f.count(site.inRent),
              })}
            </span>
          </li>
        ))}
      </ul>
      <div className={styles.toolbar}>
        {[0, 1].map((monthsAgo) => {
          const month = monthOf(new Date(), monthsAgo);
          return (
            <Button
              key={month}
              variant="outlined"
              onPress={() => downloadFile(`/api/documents/drum-statement?month=${month}`)}
            >
              {t(monthsAgo ? 'rent.lastStatement' : 'rent.currentStatement')}
            </Button>
          );
        })}
      </div>
    </section>
  );
}
