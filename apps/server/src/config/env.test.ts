import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { InvalidEnvironmentError, loadSettings, settingNames } from './env';
import { workspacePath } from './paths';

/** A complete production environment: every prd refusal below removes or spoils one part. */
const production = {
  APP_ENV: 'prd',
  SMTP_URL: 'smtp://mail.example.com:587',
  DATABASE_URL: 'postgres://portal@db.example.com/portal',
  PUBLIC_URL: 'https://portal.example.com',
  PROVIDER_NAME: 'Câbles Durand SAS',
  PROVIDER_ADDRESS: '12 rue des Tourets, 69007 Lyon',
  PROVIDER_REGISTRATION: 'RCS Lyon 123 456 789',
  PROVIDER_VAT_NUMBER: 'FR12123456789',
  SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
};

describe('loadSettings', () => {
  it('gives the documented defaults for an empty environment', () => {
    const settings = loadSettings({});
    expect(settings.port).toBe(3000);
    expect(settings.host).toBe('127.0.0.1');
    expect(settings.databaseUrl).toBe('file://data/pglite');
    expect(settings.publicUrl.href).toBe('http://localhost:3000/');
    expect(settings.appEnv).toBe('dev');
    expect(settings.demoData).toBe(true);
    expect(settings.smtpUrl).toBeUndefined();
    expect(settings.gaMeasurementId).toBeUndefined();
    expect(settings.mailFrom).toBe('Portail client <no-reply@localhost>');
    expect(settings.mailLeaseSeconds).toBe(60);
  });

  it('turns demo data off by default in production', () => {
    expect(loadSettings(production).demoData).toBe(false);
    expect(loadSettings({ ...production, DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('serves the API reference page outside prd, and in prd only when API_REFERENCE turns it on', () => {
    expect(loadSettings({}).apiReference).toBe(true);
    expect(loadSettings({ API_REFERENCE: 'false' }).apiReference).toBe(false);
    expect(loadSettings(production).apiReference).toBe(false);
    expect(loadSettings({ ...production, API_REFERENCE: 'true' }).apiReference).toBe(true);
  });

  it('derives PUBLIC_URL from PORT and treats empty variables as unset', () => {
    expect(loadSettings({ PORT: '4000', SMTP_URL: '' }).publicUrl.origin).toBe(
      'http://localhost:4000',
    );
  });

  it('reads TRUST_PROXY as a switch or as the addresses of the proxies', () => {
    expect(loadSettings({}).trustProxy).toBe(false);
    expect(loadSettings({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadSettings({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'http://mail'],
    ['PUBLIC_URL', 'not a url'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['APP_ENV', 'production'],
    ['GA_MEASUREMENT_ID', 'UA-1234'],
    ['DEMO_DATA', 'yes'],
    ['MAIL_LEASE_SECONDS', '0'],
    ['SHUTDOWN_DRAIN_SECONDS', '-1'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1,example.com'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadSettings({ [name]: value })).toThrow(InvalidEnvironmentError);
    expect(() => loadSettings({ [name]: value })).toThrow(new RegExp(`variable ${name}:`));
  });

  it("starts in prd with SMTP, PostgreSQL, an https PUBLIC_URL and the provider's identity, with no warning", () => {
    const settings = loadSettings(production);
    expect(settings.appEnv).toBe('prd');
    expect(settings.warnings).toEqual([]);
  });

  it.each([
    ['SMTP_URL', { SMTP_URL: undefined }, 'SMTP_URL: required in prd'],
    ['DATABASE_URL', { DATABASE_URL: undefined }, 'DATABASE_URL: a postgres:// URL is required'],
    ['DATABASE_URL', { DATABASE_URL: 'memory://' }, 'DATABASE_URL: a postgres:// URL is required'],
    ['DATABASE_URL', { DATABASE_URL: 'file://data/pglite' }, 'DATABASE_URL: a postgres://'],
    ['PUBLIC_URL', { PUBLIC_URL: undefined }, 'PUBLIC_URL: an https:// URL is required in prd'],
    ['PUBLIC_URL', { PUBLIC_URL: 'http://portal.example.com' }, 'PUBLIC_URL: an https:// URL'],
    ['DEMO_DATA', { DEMO_DATA: 'true' }, 'DEMO_DATA: cannot be true in prd'],
    ['SECRETS_KEY', { SECRETS_KEY: undefined }, 'SECRETS_KEY: required in prd'],
    ['SECRETS_KEY', { SECRETS_KEY: 'c2hvcnQ=' }, 'SECRETS_KEY: must be 32 random bytes'],
  ])('refuses prd without a safe %s (%o)', (_name, change, message) => {
    expect(() => loadSettings({ ...production, ...change })).toThrow(InvalidEnvironmentError);
    expect(() => loadSettings({ ...production, ...change })).toThrow(message);
  });

  it('names every missing variable of prd in one message', () => {
    let message = '';
    try {
      loadSettings({ APP_ENV: 'prd', DEMO_DATA: 'true' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      'Invalid environment variables:',
      expect.stringContaining('DEMO_DATA:'),
      expect.stringContaining('SMTP_URL:'),
      expect.stringContaining('DATABASE_URL:'),
      expect.stringContaining('PUBLIC_URL:'),
      expect.stringContaining('SECRETS_KEY:'),
    ]);
  });

  it('seals secrets with SECRETS_KEY, opens them with it and SECRETS_PREVIOUS_KEYS', () => {
    const current = Buffer.alloc(32, 1);
    const previous = Buffer.alloc(32, 2);
    const settings = loadSettings({
      SECRETS_KEY: current.toString('base64'),
      SECRETS_PREVIOUS_KEYS: ` ${previous.toString('base64')} `,
    });
    expect(settings.secretKeys.current.equals(current)).toBe(true);
    expect(settings.secretKeys.previous.map((key) => key.equals(previous))).toEqual([true]);
    expect(() => loadSettings({ SECRETS_PREVIOUS_KEYS: 'short' })).toThrow('SECRETS_PREVIOUS_KEYS');
  });

  it('also names every badly formed variable at once', () => {
    expect(() => loadSettings({ PORT: 'abc', SMTP_URL: 'http://mail' })).toThrow(
      /variables:\n {2}PORT: .*\n {2}SMTP_URL: /,
    );
  });

  it('lets the test servers run prd on an embedded database and a captured mailbox', () => {
    const settings = loadSettings({ APP_ENV: 'prd' }, { requireProductionServices: false });
    expect(settings.appEnv).toBe('prd');
    expect(() =>
      loadSettings({ APP_ENV: 'prd', DEMO_DATA: '1' }, { requireProductionServices: false }),
    ).toThrow('DEMO_DATA: cannot be true in prd');
  });

  it('wants APP_ENV said out loud when HOST is reachable from other machines', () => {
    expect(() => loadSettings({ HOST: '0.0.0.0' })).toThrow(
      'Invalid environment variable APP_ENV: must be set (dev, rec or prd) when HOST=0.0.0.0',
    );
    expect(loadSettings({ HOST: '0.0.0.0', APP_ENV: 'dev' }).appEnv).toBe('dev');
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1']) {
      expect(loadSettings({ HOST: host }).appEnv).toBe('dev');
    }
  });

  it('accepts its own listening origin only in dev without PUBLIC_URL', () => {
    expect(loadSettings({}).acceptListeningOrigin).toBe(true);
    expect(loadSettings({ PUBLIC_URL: 'http://localhost:3000' }).acceptListeningOrigin).toBe(false);
    expect(loadSettings({ APP_ENV: 'rec' }).acceptListeningOrigin).toBe(false);
  });

  it('warns about settings that work but are risky', () => {
    expect(loadSettings({}).warnings).toEqual([]);
    expect(loadSettings({ PUBLIC_URL: 'http://localhost:3000' }).warnings).toEqual([]);
    expect(loadSettings({ APP_ENV: 'rec', PUBLIC_URL: 'http://rec.example.com' }).warnings).toEqual(
      [expect.stringContaining('PUBLIC_URL is http (http://rec.example.com)')],
    );
    expect(loadSettings({ TRUST_PROXY: 'true' }).warnings).toEqual([
      expect.stringContaining('TRUST_PROXY=true believes any X-Forwarded-For'),
    ]);
    expect(loadSettings({ TRUST_PROXY: '10.0.0.0/8' }).warnings).toEqual([]);
  });

  it('reads SENSOR_STALE_AFTER_HOURS, 24 by default, a whole number of hours from 1 to 8760', () => {
    expect(loadSettings({}).sensorStaleAfterHours).toBe(24);
    expect(loadSettings({ SENSOR_STALE_AFTER_HOURS: '6' }).sensorStaleAfterHours).toBe(6);
    for (const bad of ['0', '-3', '1.5', 'a day', '8761']) {
      expect(() => loadSettings({ SENSOR_STALE_AFTER_HOURS: bad })).toThrow(
        'SENSOR_STALE_AFTER_HOURS',
      );
    }
  });

  it('reads the OpenTelemetry collector as a base URL, tracing off by default', () => {
    expect(loadSettings({}).tracing).toBeUndefined();
    const tracing = loadSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing;
    expect(tracing?.tracesUrl.toString()).toBe('http://collector:4318/v1/traces');
    expect(tracing?.serviceName).toBe('cable-portal');
    expect(
      loadSettings({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com/ingest',
        OTEL_SERVICE_NAME: 'portal-eu',
      }).tracing,
    ).toEqual({
      tracesUrl: new URL('https://otel.example.com/ingest/v1/traces'),
      serviceName: 'portal-eu',
    });
    expect(() => loadSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      'OTEL_EXPORTER_OTLP_ENDPOINT',
    );
  });

  it('reads METRICS_PORT, unset by default', () => {
    expect(loadSettings({}).metricsPort).toBeUndefined();
    expect(loadSettings({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(() => loadSettings({ METRICS_PORT: 'x' })).toThrow('METRICS_PORT');
  });

  it('reads the tax rate as exact basis points, 20 % by default, and refuses a bad one', () => {
    expect(loadSettings({}).taxRateBasisPoints).toBe(2000);
    expect(loadSettings({ TAX_RATE_PERCENT: '5.5' }).taxRateBasisPoints).toBe(550);
    expect(loadSettings({ TAX_RATE_PERCENT: '8,25' }).taxRateBasisPoints).toBe(825);
    expect(loadSettings({ TAX_RATE_PERCENT: '0' }).taxRateBasisPoints).toBe(0);
    expect(loadSettings({ TAX_RATE_PERCENT: '100' }).taxRateBasisPoints).toBe(10_000);
    for (const bad of ['-1', '101', '100.5', '20 %', '1e1', '5.555']) {
      expect(() => loadSettings({ TAX_RATE_PERCENT: bad })).toThrow('TAX_RATE_PERCENT');
    }
  });

  it("reads the provider's identity, named after MAIL_FROM when unset, warned of in prd", () => {
    expect(
      loadSettings({ MAIL_FROM: 'Câbles Durand <ne-pas-repondre@durand.example>' }).provider,
    ).toMatchObject({ name: 'Câbles Durand', address: undefined, vatNumber: undefined });
    const provider = loadSettings({
      PROVIDER_NAME: 'Câbles Durand SAS',
      PROVIDER_ADDRESS: '12 rue des Tourets\\n69007 Lyon',
      PROVIDER_REGISTRATION: 'RCS Lyon 123 456 789',
      PROVIDER_VAT_NUMBER: 'FR12123456789',
      PROVIDER_PHONE: '+33 4 72 00 00 00',
      PROVIDER_EMAIL: 'contact@durand.example',
    }).provider;
    expect(provider).toEqual({
      name: 'Câbles Durand SAS',
      address: '12 rue des Tourets\n69007 Lyon',
      registration: 'RCS Lyon 123 456 789',
      vatNumber: 'FR12123456789',
      phone: '+33 4 72 00 00 00',
      email: 'contact@durand.example',
      logoPath: undefined,
    });
    expect(() => loadSettings({ PROVIDER_LOGO: '/nowhere/logo.png' })).toThrow('PROVIDER_LOGO');
    expect(() => loadSettings({ PROVIDER_LOGO: '/etc/hostname' })).toThrow('PROVIDER_LOGO');
    const prd = loadSettings(
      { APP_ENV: 'prd', PROVIDER_NAME: 'Câbles Durand SAS' },
      { requireProductionServices: false },
    );
    expect(prd.warnings.join('\n')).toContain(
      'PROVIDER_ADDRESS, PROVIDER_REGISTRATION, PROVIDER_VAT_NUMBER unset',
    );
  });

  it('reads the MQTT broker, its topics and which account each ChirpStack application belongs to', () => {
    expect(loadSettings({}).mqtt).toBeUndefined();
    const accountId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(
      loadSettings({
        MQTT_URL: 'mqtts://broker.example:8883',
        MQTT_CLIENT_ID: 'portal-a',
        MQTT_APPLICATIONS: ` app-1 = ${accountId} ,app-2=${accountId}`,
        MQTT_PASSWORD: 'secret',
      }).mqtt,
    ).toEqual({
      url: 'mqtts://broker.example:8883',
      topics: ['application/+/device/+/event/up'],
      shareGroup: 'portal',
      clientId: 'portal-a',
      username: undefined,
      password: 'secret',
      applications: { 'app-1': accountId, 'app-2': accountId },
    });
    expect(() => loadSettings({ MQTT_URL: 'mqtt://broker' })).toThrow(
      /MQTT_CLIENT_ID: required with MQTT_URL[\s\S]*MQTT_APPLICATIONS: required with MQTT_URL/,
    );
    expect(() => loadSettings({ MQTT_URL: 'http://broker' })).toThrow('MQTT_URL');
    expect(() => loadSettings({ MQTT_APPLICATIONS: 'app-1=not-an-account' })).toThrow(
      'MQTT_APPLICATIONS',
    );
    expect(() => loadSettings({ MQTT_TOPICS: '$share/g/application/#' })).toThrow('MQTT_TOPICS');
    expect(() => loadSettings({ MQTT_CLIENT_ID: 'a b' })).toThrow('MQTT_CLIENT_ID');
  });

  it("reads the staff's single sign-on, refusing it incomplete or over http to another machine", () => {
    expect(loadSettings({}).staffSso).toBeUndefined();
    expect(loadSettings({}).ssoRecheckMinutes).toBe(15);
    const staff = {
      STAFF_SSO_ISSUER: 'https://login.durand.example/realms/staff',
      STAFF_SSO_CLIENT_ID: 'portal',
      STAFF_SSO_DOMAINS: 'Durand.example, durand-group.example',
      STAFF_SSO_ROLES: 'portal-managers=manager, Portal agents=agent',
    };
    expect(loadSettings(staff).staffSso).toEqual({
      issuer: 'https://login.durand.example/realms/staff',
      clientId: 'portal',
      clientSecret: undefined,
      name: 'SSO',
      domains: ['durand.example', 'durand-group.example'],
      roleClaim: 'groups',
      roles: { 'portal-managers': 'manager', 'Portal agents': 'agent' },
    });
    expect(() => loadSettings({ STAFF_SSO_ISSUER: staff.STAFF_SSO_ISSUER })).toThrow(
      /STAFF_SSO_CLIENT_ID: required[\s\S]*STAFF_SSO_DOMAINS: required[\s\S]*STAFF_SSO_ROLES: required/,
    );
    expect(() =>
      loadSettings({ ...staff, STAFF_SSO_ISSUER: 'http://login.durand.example' }),
    ).toThrow('STAFF_SSO_ISSUER: must be https://');
    expect(
      loadSettings({ ...staff, STAFF_SSO_ISSUER: 'http://127.0.0.1:4000' }).staffSso,
    ).toBeDefined();
    expect(() => loadSettings({ ...staff, STAFF_SSO_ROLES: 'portal-managers=admin' })).toThrow(
      'STAFF_SSO_ROLES',
    );
    expect(() => loadSettings({ SSO_RECHECK_MINUTES: '0' })).toThrow('SSO_RECHECK_MINUTES');
  });

  it('has every variable described in .env.example, and nothing else', () => {
    const example = readFileSync(workspacePath('.env.example'), 'utf8');
    const described = [...example.matchAll(/^([A-Z_]+)=/gm)].map((match) => match[1]);
    expect(described.sort()).toEqual([...settingNames].sort());
  });
});
