import type { ImportReport } from '@portal/contract';
import type { TFunction } from '@/lib/i18n';

/** An account's size as words, each count in its plural form ("1 site, 3 drums, 2 users"). */
export function accountSizes(
  t: TFunction,
  { sites, drums, users }: { sites: number; drums: number; users: number },
) {
  return {
    sites: t('accounts:counts.sites', { count: sites }),
    drums: t('accounts:counts.drums', { count: drums }),
    users: t('accounts:counts.users', { count: users }),
  };
}

/** An import's outcome as a sentence, each count in its plural form. */
export function importSummary(t: TFunction, report: ImportReport): string {
  const rejected = t('accounts:import.rejected', { count: report.rejected });
  return report.applied
    ? t('accounts:import.appliedSummary', {
        created: t('accounts:import.created', { count: report.created }),
        updated: report.updated,
        rejected,
      })
    : t('accounts:import.summary', { created: report.created, updated: report.updated, rejected });
}
