import { Link } from 'react-router';
import { legalNoticeUrls, paths } from '@/config/paths';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { invalidateConsent } from '../use-session-actions';
import styles from './shell.module.css';

/** © 2025, the provider's legal notice in the user's language (new tab), privacy and cookie choice. */
export function Footer() {
  const { t, i18n } = useTranslation('shell');
  const language = currentLanguage(i18n);
  return (
    <footer className={styles.footer} aria-label={t('footer.label')}>
      <span>{t('footer.copyright')}</span>
      <a
        href={legalNoticeUrls[language === 'fr' ? 'fr' : 'en']}
        target="_blank"
        rel="noopener noreferrer"
        hrefLang={language}
      >
        {t('footer.legalNotice')} <span className="visually-hidden">{t('footer.newTab')}</span>
      </a>
      <Link to={paths.compliancy}>{t('footer.privacy')}</Link>
      <button type="button" className={styles.footerButton} onClick={invalidateConsent}>
        {t('footer.cookieChoice')}
      </button>
    </footer>
  );
}
