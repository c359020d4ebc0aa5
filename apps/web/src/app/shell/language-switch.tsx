import { Button } from '@portal/ui/button';
import { GlobeIcon } from '@portal/ui/icons';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useSwitchLanguage } from '../use-session-actions';
import styles from './shell.module.css';

/**
 * The header's language switch (fr/en): one button offering the other language, named in it.
 * Its accessible name is its visible text ("English", marked `lang="en"`), so speech users can say
 * what they see; what it does is its description.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('shell');
  const switchLanguage = useSwitchLanguage();
  const other = currentLanguage(i18n) === 'fr' ? 'en' : 'fr';
  const name = t(`language.${other}`);
  return (
    <Button
      variant="text"
      tone="neutral"
      startIcon={<GlobeIcon />}
      title={t(`language.switchTo.${other}`)}
      onPress={() => switchLanguage(other)}
    >
      <span className={styles.languageName} lang={other}>
        {name}
      </span>
    </Button>
  );
}
