import { describe, expect, it } from 'vitest';
import { InvalidEnvironmentError, loadSettings } from './env';

describe('loadSettings', () => {
  it('gives the defaults of DESIGN §3 for an empty environment', () => {
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
    expect(loadSettings({ APP_ENV: 'prd' }).demoData).toBe(false);
    expect(loadSettings({ APP_ENV: 'prd', DEMO_DATA: 'true' }).demoData).toBe(true);
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
});
