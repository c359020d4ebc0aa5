import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@portal/ui/page-header';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';
import styles from '@/lib/integration/integration.module.css';

/** The machines' OpenAPI document, which the reference shows. */
const documentUrl = '/api/v1/openapi.json';

type State = 'loading' | 'shown' | 'failed';

/**
 * The browsable reference of /api/v1 for integrators: every operation, field and error code of
 * the machines' OpenAPI document, rendered by Scalar, which loads only here.
 */
export default function ApiReferencePage() {
  const { t } = useTranslation('integration');
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>('loading');

  useEffect(() => {
    let unmount: (() => void) | undefined;
    let isCancelled = false;
    import('../components/scalar-reference')
      .then(({ mountApiReference }) => {
        if (isCancelled || !container.current) return;
        unmount = mountApiReference(container.current, documentUrl);
        setState('shown');
      })
      .catch(() => {
        if (!isCancelled) setState('failed');
      });
    return () => {
      isCancelled = true;
      unmount?.();
    };
  }, []);

  return (
    <div className={styles.page}>
      <PageHeader title={t('reference.title')} description={t('reference.description')} />
      <p>
        <Link to={paths.integration}>{t('reference.back')}</Link>{' '}
        <a href={documentUrl} target="_blank" rel="noreferrer">
          {t('connect.reference.link')}
        </a>
      </p>
      <p role="status">
        {state === 'loading'
          ? t('reference.loading')
          : state === 'failed'
            ? t('reference.failed')
            : ''}
      </p>
      <div ref={container} />
    </div>
  );
}
