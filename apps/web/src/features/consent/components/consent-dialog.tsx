import { useLayoutEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@portal/ui/button';
import { Dialog } from '@portal/ui/dialog';
import { Switch } from '@portal/ui/switch';
import { paths } from '@/config/paths';
import { consentStore, useConsentStore } from '@/lib/consent-store';
import { releaseFirstScreen } from '@/lib/first-screen';
import { useTranslation } from '@/lib/i18n';
import { isConsentPrerendered } from '../prerendered-consent';
import styles from './consent-dialog.module.css';

export interface ConsentDialogProps {
  isOpen: boolean;
  /** Called after OK saved the choice. */
  onSaved?: () => void;
}

/**
 * The analytics consent pop-up: not closable (no close button, Escape and
 * outside clicks refused), focus trapped; the switch starts from the stored record; OK saves.
 */
export function ConsentDialog({ isOpen, onSaved }: ConsentDialogProps) {
  const { t } = useTranslation('consent');
  const storedChoice = useConsentStore((state) => state.record.analytics.isGoogleAnalyticsEnabled);
  const [isAccepted, setAccepted] = useState(storedChoice);
  const [wasOpen, setWasOpen] = useState(isOpen);
  // Taking over from the pop-up the server painted: shown as it is, and the page may swap now.
  const [isAlreadyShown] = useState(isConsentPrerendered);
  useLayoutEffect(() => releaseFirstScreen('consent'), []);
  // Each opening starts again from the stored choice (adjusted while rendering, not in an effect).
  if (wasOpen !== isOpen) {
    setWasOpen(isOpen);
    if (isOpen) setAccepted(storedChoice);
  }

  const save = () => {
    consentStore.getState().accept(isAccepted);
    onSaved?.();
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={() => undefined}
      isClosable={false}
      className={styles.dialog}
      isAlreadyShown={isAlreadyShown}
      title={t('dialog.title')}
      footer={
        <Button variant="contained" tone="primary" onPress={save}>
          {t('dialog.ok')}
        </Button>
      }
    >
      <ConsentQuestion isAccepted={isAccepted} onChange={setAccepted} />
    </Dialog>
  );
}

/** The pop-up's text, its switch and the link to the compliance page. */
export function ConsentQuestion({
  isAccepted,
  onChange,
}: {
  isAccepted: boolean;
  onChange?: (isAccepted: boolean) => void;
}) {
  const { t } = useTranslation('consent');
  return (
    <>
      <h3 className={styles.heading}>{t('dialog.heading')}</h3>
      <p className={styles.text}>{t('dialog.text')}</p>
      <Switch label={t('dialog.accept')} isSelected={isAccepted} onChange={onChange} />
      <p className={styles.more}>
        <Link to={paths.compliancy}>{t('dialog.more')}</Link>
      </p>
    </>
  );
}
