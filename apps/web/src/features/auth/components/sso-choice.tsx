import { useEffect, useState } from 'react';
import type { SsoDiscovery } from '@portal/contract';
import { buttonLook } from '@portal/ui/button';
import { useTranslation } from '@/lib/i18n';
import { discoverSso } from '../api/discover-sso';

export interface SsoChoiceProps {
  /** A valid address, lower-cased: its domain says whether single sign-on serves it. */
  email: string;
}

/**
 * Loaded once an address is typed (not with the sign-in page): when its domain signs in through
 * an identity provider, the way there, and whether a mailed link is still an option. Says
 * nothing for an address that signs in with a link, or when the question could not be asked
 * (the link form still works, and the server refuses a link that single sign-on replaces).
 */
export default function SsoChoice({ email }: SsoChoiceProps) {
  const { t } = useTranslation(['auth']);
  const [found, setFound] = useState<{ email: string; discovery: SsoDiscovery } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    discoverSso({ email }).then(
      (discovery) => {
        if (isCurrent) setFound({ email, discovery });
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [email]);

  const discovery = found?.email === email ? found.discovery : undefined;
  if (discovery?.method !== 'sso') return null;
  return (
    <div>
      <p role="status">
        {t('auth:sso.offered', { provider: discovery.provider })}
        {discovery.required ? ` ${t('auth:sso.required')}` : ''}
      </p>
      <a {...buttonLook({ size: 'medium' })} href={discovery.startPath}>
        {t('auth:sso.continue', { provider: discovery.provider })}
      </a>
    </div>
  );
}
