import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@portal/ui/button';
import { AuthCarousel } from './auth-carousel';
import { SignUpPanel } from './sign-up-panel';
import styles from './auth.module.css';

/**
 * Spec §2 auth landing. From tablet width up, the carousel and the form sit side by side. Below
 * it (mobile and small tablet) one panel shows at a time: the carousel first, then the form after
 * "join". Which panel shows is CSS (data-panel), so resizing never loses what was typed.
 */
export function AuthLanding() {
  const { t } = useTranslation('auth');
  const [panel, setPanel] = useState<'carousel' | 'form'>('carousel');
  return (
    <div className={styles.landing} data-panel={panel}>
      <div className={styles.carouselPanel}>
        <AuthCarousel />
        <Button
          tone="destructive"
          size="large"
          className={styles.join}
          onPress={() => setPanel('form')}
        >
          {t('join')}
        </Button>
      </div>
      <div className={styles.formPanel}>
        <Button variant="text" className={styles.back} onPress={() => setPanel('carousel')}>
          {t('backToCarousel')}
        </Button>
        <SignUpPanel />
      </div>
    </div>
  );
}
