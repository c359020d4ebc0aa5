import type { SparePartSummary } from '@portal/contract';
import { useTranslation, type TFunction } from '@/lib/i18n';
import type { PartsFormat } from '../hooks/use-parts-format';
import styles from './spare-parts.module.css';

/** "In stock" or the lead time ("14 days"); the colour always comes with its words. */
export function Availability({ part, f }: { part: SparePartSummary; f: PartsFormat }) {
  const { t } = useTranslation('spareparts');
  if (part.stock > 0) {
    return (
      <span className={styles.tag} data-tone="success">
        {t('part.inStock')}
      </span>
    );
  }
  return (
    <span className={styles.tag} data-tone="warning">
      {f.days(part.leadTimeDays)}
    </span>
  );
}

/** The compatible models, at most three by name. */
export function compatibleText(part: SparePartSummary, t: TFunction): string {
  const names = part.compatibleModels.map((model) => model.name);
  if (names.length === 0) return t('part.compatibleNone');
  if (names.length <= 3) return names.join(', ');
  return t('part.compatibleMore', { names: names.slice(0, 3).join(', '), count: names.length - 3 });
}
