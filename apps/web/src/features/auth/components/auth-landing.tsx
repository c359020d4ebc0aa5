import { useState } from 'react';
import { Button } from '@portal/ui/button';
import { useTranslation } from '@/lib/i18n';
import { AuthCarousel } from './auth-carousel';
import { SignUpPanel } from './sign-up-panel';
import styles from './auth.module.css';

/**
 * The auth landing. From tablet width up, the carousel and the form sit side by side. Below
 * it (mobile and small tablet) one panel shows at a time: the carousel first, then the form after
 * "join". Which panel shows is CSS (data-panel), so resizing never loses what was typed.
 */
export function AuthLanding() {
  const { t } = useTranslation(['auth', 'common']);
  const [panel, setPanel] = useState<'carousel' | 'form'>('carousel');
  return (
    <div className={styles.landing} data-panel={panel}>
      {/* One page heading whichever panel a phone shows; the panels' titles are h2. */}
      <h1 className={styles.visuallyHidden}>{t('common:appName')}</h1>
      <div className={styles.carouselPanel}>
        <AuthCarousel />
        <Button size="large" className={styles.join} onPress={() => setPanel('form')}>
          {t('auth:join')}
        </Button>
      </div>
      <div className={styles.formPanel}>
        <Button variant="text" className={styles.back} onPress={() => setPanel('carousel')}>
          {t('auth:backToCarousel')}
        </Button>
        <SignUpPanel />
      </div>
    </div>
  );
}
