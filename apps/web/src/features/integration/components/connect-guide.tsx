import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { runtimeSettings } from '@/config/env';
import { apiKeyFormId } from '@/lib/integration/api-keys-panel';
import { CodeBlock } from '@/lib/integration/copy-button';
import styles from '@/lib/integration/integration.module.css';
import { useTranslation } from '@/lib/i18n';
import {
  curlReadingsExample,
  readingsExampleBody,
  typescriptReadingsExample,
  typescriptWebhookExample,
} from './quick-start-snippets';

export interface ConnectGuideProps {
  /** The portal's public address as the browser reached it, e.g. `https://portal.example.com`. */
  origin: string;
  /** A drum serial of the account, so the example names a real drum; a sample one without. */
  drumSerial?: string;
  /** When the example reading was measured (ISO); the start of the current hour by default. */
  measuredAt?: string;
  /** Whether the server serves the API reference page; it is linked only then. */
  hasApiReference?: boolean;
}

/** The start of the current hour: a time the API takes (not in the future, not too old). */
const thisHour = () => new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();

/**
 * How a machine talks to the portal, a quick start: create a key (the form above), send readings
 * (curl and TypeScript), check a webhook's signature (TypeScript), read the drums, the LoRaWAN uplink
 * address for The Things Stack, and the OpenAPI document. The examples carry a placeholder, never
 * a real key.
 */
export function ConnectGuide({
  origin,
  drumSerial = 'DRUM-0001',
  measuredAt,
  hasApiReference = runtimeSettings.apiReference,
}: ConnectGuideProps) {
  const { t } = useTranslation('integration');
  const headingId = useId();
  const key = t('connect.keyPlaceholder');
  const examples = useMemo(() => {
    const at = measuredAt ?? thisHour();
    const body = readingsExampleBody({ drumSerial, measuredAt: at });
    return {
      readings: curlReadingsExample({ origin, key, body }),
      readingsTypeScript: typescriptReadingsExample({ origin, key, body }),
      drums: [`curl ${origin}/api/v1/drums \\`, `  -H "Authorization: Bearer ${key}"`].join('\n'),
      lorawanUrl: `${origin}/api/v1/ingest/lorawan`,
      lorawanHeader: `Authorization: Bearer ${key}`,
    };
  }, [origin, drumSerial, measuredAt, key]);

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('connect.title')}</h2>
      <p>{t('connect.intro', { placeholder: key })}</p>

      <h3>{t('connect.key.title')}</h3>
      <p>
        {t('connect.key.text')} <a href={`#${apiKeyFormId}`}>{t('connect.key.link')}</a>
      </p>

      <h3>{t('connect.readings.title')}</h3>
      <p>{t('connect.readings.text')}</p>
      <CodeBlock
        code={examples.readings}
        label={t('connect.readings.example')}
        copyLabel={t('copy.copyExample', { name: t('connect.readings.example') })}
      />

      <CodeBlock
        code={examples.readingsTypeScript}
        label={t('connect.readings.typescript')}
        copyLabel={t('copy.copyExample', { name: t('connect.readings.typescript') })}
      />

      <h3>{t('connect.webhook.title')}</h3>
      <p>{t('connect.webhook.text')}</p>
      <CodeBlock
        code={typescriptWebhookExample}
        label={t('connect.webhook.example')}
        copyLabel={t('copy.copyExample', { name: t('connect.webhook.example') })}
      />

      <h3>{t('connect.drums.title')}</h3>
      <p>{t('connect.drums.text')}</p>
      <CodeBlock
        code={examples.drums}
        label={t('connect.drums.example')}
        copyLabel={t('copy.copyExample', { name: t('connect.drums.example') })}
      />

      <h3>{t('connect.lorawan.title')}</h3>
      <p>{t('connect.lorawan.steps')}</p>
      <CodeBlock
        code={examples.lorawanUrl}
        label={t('connect.lorawan.url')}
        copyLabel={t('copy.copyExample', { name: t('connect.lorawan.url') })}
      />
      <CodeBlock code={examples.lorawanHeader} label={t('connect.lorawan.header')} />

      <h3>{t('connect.reference.title')}</h3>
      <p>
        {t('connect.reference.text')}{' '}
        <a href={`${origin}/api/v1/openapi.json`} target="_blank" rel="noreferrer">
          {t('connect.reference.link')}
        </a>
      </p>
      {hasApiReference ? (
        <p>
          {/* A document of its own: the reference's content policy is not the portal's. */}
          <Link to={paths.apiReference} reloadDocument>
            {t('connect.reference.open')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
