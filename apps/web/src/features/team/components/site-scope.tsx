import type { ReactNode } from 'react';
import { Checkbox } from '@portal/ui/checkbox';
import type { Team } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import styles from './team.module.css';

/**
 * The sites a buyer or viewer is limited to: every site (`null`), or the ones ticked. Ticking
 * "all sites" off starts from none, so the choice is always a deliberate one. An admin limited
 * to some sites is offered only theirs, and never "all sites": nobody gives more than they hold.
 */
export function SiteScope({
  legend,
  sites,
  grantable,
  value,
  onChange,
  children,
}: {
  legend: string;
  sites: Team['sites'];
  /** The sites the signed-in admin may give (null: every site, "all sites" included). */
  grantable: Team['grantableSiteIds'];
  value: string[] | null;
  onChange: (siteIds: string[] | null) => void;
  /** What follows the choice inside its group (its buttons). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('team');
  const offered = grantable ? sites.filter((site) => grantable.includes(site.id)) : sites;
  return (
    <fieldset className={styles.section}>
      <legend>{legend}</legend>
      {grantable ? null : (
        <Checkbox
          label={t('team:invite.allSites')}
          isSelected={value === null}
          onChange={(all) => onChange(all ? null : [])}
        />
      )}
      {value !== null
        ? offered.map((site) => (
            <Checkbox
              key={site.id}
              label={`${site.name} (${site.city})`}
              isSelected={value.includes(site.id)}
              onChange={(selected) =>
                onChange(selected ? [...value, site.id] : value.filter((id) => id !== site.id))
              }
            />
          ))
        : null}
      {children}
    </fieldset>
  );
}
