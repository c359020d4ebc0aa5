import { Button } from '@portal/ui/button';
import { StaticDialog } from '@portal/ui/dialog';
import { defaultConsentRecord } from '@/lib/consent-store';
import { useTranslation } from '@/lib/i18n';
import {
  PRERENDERED_CONSENT_ATTRIBUTE,
  showPrerenderedConsentScript,
} from '../prerendered-consent';
import { ConsentQuestion } from './consent-dialog';
import styles from './consent-dialog.module.css';

/**
 * The consent pop-up in the page the server sends, hidden, with the script that shows it before
 * the first paint when the question is due: a first visit sees it at once, not after the app
 * has loaded. The SPA's `ConsentDialog` then takes its place as it is.
 */
export function PrerenderedConsentDialog() {
  const { t } = useTranslation('consent');
  return (
    <>
      {/* A picture of the pop-up until the app's takes its place: out of the accessibility tree,
          as the rest of the painted page is (inert), so only the live one is ever found. */}
      <div {...{ [PRERENDERED_CONSENT_ATTRIBUTE]: '' }} aria-hidden="true" hidden>
        <StaticDialog
          isClosable={false}
          className={styles.dialog}
          title={t('dialog.title')}
          footer={
            <Button variant="contained" tone="primary">
              {t('dialog.ok')}
            </Button>
          }
        >
          <ConsentQuestion isAccepted={defaultConsentRecord.analytics.isGoogleAnalyticsEnabled} />
        </StaticDialog>
      </div>
      {/* The page's policy allows this script by its hash (the server reads it from the page). */}
      <script dangerouslySetInnerHTML={{ __html: showPrerenderedConsentScript }} />
    </>
  );
}
