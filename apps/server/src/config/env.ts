import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_TAX_RATE_BASIS_POINTS } from '@portal/contract';

/**
 * The only module that reads the environment (lint forbids `process.env` elsewhere).
 * Every variable is validated once at start-up; a bad value stops the start with a message
 * that names the variable.
 */

const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * The keys that seal secrets the portal must give back to someone else (an identity provider's
 * client secret): the current one seals, every one of them opens, so a key can be replaced
 * without losing what the previous one sealed.
 */
export interface SecretKeys {
  current: Buffer;
  previous: Buffer[];
}

/** 32 random bytes in base64 (`openssl rand -base64 32`): an AES-256 key. */
const secretKey = z
  .string()
  .trim()
  .refine(
    (value) => Buffer.from(value, 'base64').length === 32,
    'must be 32 random bytes in base64 (openssl rand -base64 32)',
  )
  .transform((value) => Buffer.from(value, 'base64'));

/**
 * Outside prd, secrets are sealed with this key when SECRETS_KEY is unset, so a development
 * database keeps opening them across restarts; prd refuses to start without a key of its own.
 */
const DEVELOPMENT_SECRETS_KEY = Buffer.alloc(32, 'portal-development-secrets-key');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .refine(
      (value) =>
        /^(postgres|postgresql):\/\//.test(value) ||
        value.startsWith('memory://') ||
        value.startsWith('file://'),
      'must start with postgres://, postgresql://, memory:// or file://',
    )
    .optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Portail client <no-reply@localhost>'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  APP_ENV: z.enum(['dev', 'rec', 'prd']).optional(),
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]{4,}$/, 'must look like G-XXXXXXX')
    .optional(),
  DEMO_DATA: booleanString.optional(),
  API_REFERENCE: booleanString.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .union([
      booleanString,
      z
        .string()
        .transform((value) => value.split(',').map((entry) => entry.trim()))
        .refine(
          (entries) => entries.every(isAddressOrRange),
          'must be true, false, or addresses/ranges of your proxies (10.0.0.0/8,127.0.0.1)',
        ),
    ])
    .default(false),
  DATA_DIR: z.string().min(1).default('data'),
  WEB_DIST: z.string().min(1).optional(),
  RATE_LIMIT_MAIL_PER_MINUTE: z.coerce.number().int().min(1).default(1),
  RATE_LIMIT_MAIL_PER_HOUR: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_SIGNUP_PER_IP_MINUTE: z.coerce.number().int().min(1).default(10),
  ALERT_MAILS_PER_ACCOUNT_PER_DAY: z.coerce.number().int().min(1).default(200),
  RATE_LIMIT_MESSAGES_PER_CONVERSATION_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_API_KEY_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  INVITATIONS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).default(3),
  INVITATIONS_PER_INVITER_PER_DAY: z.coerce.number().int().min(1).default(20),
  INVITATIONS_PER_ACCOUNT_PER_DAY: z.coerce.number().int().min(1).default(50),
  RATE_LIMIT_DOCUMENTS_PER_USER_MINUTE: z.coerce.number().int().min(1).default(20),
  LIVE_STREAMS_PER_USER: z.coerce.number().int().min(1).default(30),
  ATTACHMENTS_PER_REQUEST: z.coerce.number().int().min(1).default(20),
  ATTACHMENT_MB_PER_ACCOUNT: z.coerce.number().int().min(1).default(200),
  UNMAPPED_DEVICES_PER_ACCOUNT: z.coerce.number().int().min(1).default(200),
  API_KEY_MAX_LIFETIME_DAYS: z.coerce.number().int().min(0).max(3650).default(0),
  API_KEY_ROTATION_OVERLAP_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  API_KEY_EXPIRY_WARNING_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(100).default('cable-portal'),
  SEARCH_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(2000),
  DRUM_RENT_FREE_DAYS: z.coerce.number().int().min(0).max(3650).default(90),
  DRUM_RENT_MONTHLY_RATE: z.coerce.number().min(0).max(100_000).default(30),
  SENSOR_STALE_AFTER_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
  STAFF_PASSKEY_REQUIRED: booleanString.default(true),
  STAFF_PASSKEY_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  REFILL_PROPOSAL_MARGIN_DAYS: z.coerce.number().int().min(0).max(90).default(5),
  TAX_RATE_PERCENT: z
    .string()
    .regex(/^(100|\d{1,2})([.,]\d{1,2})?$/, 'must be a percentage from 0 to 100, like 20 or 5.5')
    .transform(percentToBasisPoints)
    .refine((basisPoints) => basisPoints <= 10_000, 'must be at most 100')
    .optional(),
  PROVIDER_NAME: z.string().min(1).max(200).optional(),
  PROVIDER_ADDRESS: z.string().min(1).max(500).optional(),
  PROVIDER_REGISTRATION: z.string().min(1).max(200).optional(),
  PROVIDER_VAT_NUMBER: z.string().min(1).max(40).optional(),
  PROVIDER_PHONE: z.string().min(1).max(40).optional(),
  PROVIDER_EMAIL: z.email().optional(),
  PROVIDER_LOGO: z
    .string()
    .regex(/\.(png|jpe?g)$/i, 'must be the path of a PNG or JPEG file')
    .optional(),
  MQTT_URL: z
    .string()
    .refine(
      (value) => /^(mqtts?|wss?):\/\/[^/]/.test(value),
      'must start with mqtt://, mqtts://, ws:// or wss://',
    )
    .optional(),
  MQTT_TOPICS: z
    .string()
    .transform((value) => value.split(',').map((topic) => topic.trim()))
    .refine(
      (topics) => topics.every((topic) => topic && !topic.startsWith('$share/')),
      'must be topic filters separated by commas, without $share/ (MQTT_SHARE_GROUP adds it)',
    )
    .default(['application/+/device/+/event/up']),
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be letters, digits, - or _')
    .default('portal'),
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be letters, digits, - or _')
    .optional(),
  MQTT_USERNAME: z.string().optional(),
  MQTT_PASSWORD: z.string().optional(),
  MQTT_APPLICATIONS: z
    .string()
    .transform((value) =>
      value.split(',').map((pair) =>
        pair
          .trim()
          .split('=')
          .map((part) => part.trim()),
      ),
    )
    .refine(
      (pairs) =>
        pairs.every(
          ([applicationId, accountId, ...rest]) =>
            applicationId && accountId && !rest.length && z.uuid().safeParse(accountId).success,
        ),
      'must be <ChirpStack application id>=<account id> pairs separated by commas',
    )
    .transform((pairs) => Object.fromEntries(pairs) as Record<string, string>)
    .optional(),
  STAFF_SSO_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  STAFF_SSO_CLIENT_ID: z.string().min(1).optional(),
  STAFF_SSO_CLIENT_SECRET: z.string().min(1).optional(),
  STAFF_SSO_NAME: z.string().min(1).max(60).default('SSO'),
  STAFF_SSO_DOMAINS: z
    .string()
    .transform((value) => value.split(',').map((domain) => domain.trim().toLowerCase()))
    .refine(
      (domains) => domains.every((domain) => /^([a-z0-9-]+\.)+[a-z]{2,63}$/.test(domain)),
      'must be e-mail domains separated by commas (durand.example,durand-group.example)',
    )
    .optional(),
  STAFF_SSO_ROLE_CLAIM: z.string().min(1).default('groups'),
  STAFF_SSO_ROLES: z
    .string()
    .transform((value) =>
      value.split(',').map((pair) => {
        const at = pair.lastIndexOf('=');
        return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      }),
    )
    .refine(
      (pairs) => pairs.every(([value, role]) => value && (role === 'agent' || role === 'manager')),
      'must be <claim value>=<agent|manager> pairs separated by commas',
    )
    .optional(),
  SSO_RECHECK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  SECRETS_KEY: secretKey.optional(),
  SECRETS_PREVIOUS_KEYS: z
    .string()
    .transform((value) => value.split(',').map((key) => key.trim()))
    .pipe(z.array(secretKey))
    .default([]),
});

/** "20", "5.5" or "5,5" as basis points (2000, 550), without floating-point rounding. */
function percentToBasisPoints(percent: string): number {
  const [units = '0', decimals = ''] = percent.replace(',', '.').split('.');
  return Number(units) * 100 + Number(decimals.padEnd(2, '0'));
}

/** Every variable the server reads (.env.example must describe each). */
export const settingNames = Object.keys(EnvSchema.shape);

/** `localhost`, `127.x.x.x`, `::1`: the addresses only this machine reaches. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    bare === 'localhost' ||
    bare === '::1' ||
    bare === '::ffff:127.0.0.1' ||
    (isIP(bare) === 4 && bare.startsWith('127.'))
  );
}

/** `10.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

export type AppEnv = 'dev' | 'rec' | 'prd';

/** The MQTT broker the server takes sensor uplinks from (ChirpStack v4's JSON events). */
export interface MqttSettings {
  url: string;
  /** Topic filters, each subscribed as `$share/<shareGroup>/<filter>` with QoS 1. */
  topics: string[];
  /** The instances of one deployment share this group: each message goes to one of them. */
  shareGroup: string;
  /** Stable per instance: the broker keeps its session (and messages) across reconnections. */
  clientId: string;
  username: string | undefined;
  password: string | undefined;
  /** Which account each ChirpStack application id belongs to. */
  applications: Record<string, string>;
}

export interface Settings {
  port: number;
  host: string;
  /** `postgres://…` for PostgreSQL, `memory://` for an in-memory PGlite, else a PGlite directory. */
  databaseUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: URL;
  /**
   * Whether PUBLIC_URL was left unset in dev: the origin the server listens on (say
   * http://127.0.0.1:3000) is then accepted too, so the URL the terminal prints works as well as
   * http://localhost:3000.
   */
  acceptListeningOrigin: boolean;
  appEnv: AppEnv;
  gaMeasurementId: string | undefined;
  demoData: boolean;
  /**
   * Whether the browsable reference of /api/v1 (a page of the SPA) is served: on outside prd, off
   * in prd unless `API_REFERENCE=true`. Off, its address answers 404 and no page links to it.
   */
  apiReference: boolean;
  logLevel: string;
  /**
   * Whose X-Forwarded-For to believe. `true` believes any (the left-most address wins, which a
   * client can forge through a proxy that appends); a list of the proxies' addresses or ranges
   * believes only them (the right-most address not in the list wins).
   */
  trustProxy: boolean | string[];
  dataDir: string;
  /** Where the built SPA lives; undefined means "the workspace's apps/web/dist". */
  webDist: string | undefined;
  /** Send limits per address and per IP; raised by configuration for load tests. */
  rateLimits: {
    mailPerAddressPerMinute: number;
    mailPerAddressPerHour: number;
    signUpsPerIpPerMinute: number;
    /** Messages one conversation accepts in a minute, whoever writes them. */
    messagesPerConversationPerMinute: number;
    /** Calls one API key of a machine makes to /api/v1 in a minute. */
    callsPerApiKeyPerMinute: number;
    /**
     * Invitation mails (first sends and resends) in 24 hours: to one address whoever sends them,
     * by one inviter, and for one account.
     */
    invitationsPerAddressPerDay: number;
    invitationsPerInviterPerDay: number;
    invitationsPerAccountPerDay: number;
    /** PDF documents one user has drawn in a minute. */
    documentsPerUserPerMinute: number;
    /** Live event streams one user holds open at once (a tab holds one). */
    liveStreamsPerUser: number;
  };
  /**
   * Alert mails (and confirmation mails to outside recipients) one account may cause in 24
   * hours; past it, alerts still show in the portal but send no more mail.
   */
  alertMailsPerAccountPerDay: number;
  /** What an account may store. */
  quotas: {
    attachmentsPerRequest: number;
    attachmentBytesPerAccount: number;
    /** LoRaWAN devices heard but mapped to no drum; past it, a new device is refused. */
    unmappedDevicesPerAccount: number;
  };
  /** The lifetime of the machines' API keys. */
  apiKeys: {
    /**
     * The longest a key may live, in days; a key made without an expiry gets this one. 0: no
     * maximum, and a key made without an expiry never expires.
     */
    maxLifetimeDays: number;
    /** How long the old secret keeps working once a key is rotated. */
    rotationOverlapHours: number;
    /** How many days before its expiry a key's maker and the account's admins are warned. */
    expiryWarningDays: number;
  };
  /**
   * How long a claimed mail is reserved for one attempt; after a crash, a mail caught mid-send is
   * sent again once it runs out. Must exceed the SMTP timeouts (about 40 s), or a slow send is
   * duplicated.
   */
  mailLeaseSeconds: number;
  /**
   * On SIGTERM, how long to keep serving with /api/health at 503 before closing, so a load
   * balancer stops sending requests first (0: close at once, right for a single instance).
   */
  shutdownDrainSeconds: number;
  /** Where Prometheus scrapes /metrics, on a port of its own; undefined: no metrics server. */
  metricsPort: number | undefined;
  /**
   * Where OpenTelemetry traces go (OTLP over HTTP: the collector's base URL, `/v1/traces` is
   * added) and the service name they carry; undefined: no tracing, and none of its code loaded.
   */
  tracing: { tracesUrl: URL; serviceName: string } | undefined;
  /** Settings that work but are risky, each logged once as a warning at start. */
  warnings: string[];
  /**
   * How long one statement of a catalogue search may run on PostgreSQL before it is cancelled
   * and the search answered `spareparts.search_too_broad` (PGlite has no timer to enforce it).
   */
  searchStatementTimeoutMs: number;
  /** The drum rent terms of an account staff have not set terms for. */
  drumRentDefaults: { rentFreeDays: number; monthlyRate: number };
  /** A drum whose sensor has sent nothing for this long is shown silent and its account told. */
  sensorStaleAfterHours: number;
  /**
   * Days added to the earliest delivery date to make the refill lead time: a drum forecast to
   * run out by then gets a proposed refill.
   */
  refillProposalMarginDays: number;
  /** The tax rate on prices, in basis points (2,000 is 20 %). */
  taxRateBasisPoints: number;
  /** Who the provider is: heads every document and closes every mail. */
  provider: ProviderIdentity;
  /** Undefined: no MQTT ingestion (MQTT_URL unset). */
  mqtt: MqttSettings | undefined;
  /** Undefined: staff sign in as customers do (STAFF_SSO_ISSUER unset). */
  staffSso: StaffSsoSettings | undefined;
  /**
   * How often a single sign-on session asks its identity provider (with its refresh token)
   * whether the person still has access; refused, the session ends.
   */
  ssoRecheckMinutes: number;
  /**
   * The keys that seal stored secrets (an identity provider's client secret): the current one
   * seals, it and the previous ones open.
   */
  secretKeys: SecretKeys;
  /**
   * Whether staff must hold a passkey, and how many days after a link sign-in first asked them
   * to add one a link alone still admits them.
   */
  staffPasskey: { required: boolean; graceDays: number };
}

/** The provider's own identity provider (OpenID Connect), through which staff sign in. */
export interface StaffSsoSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** Shown on the sign-in button and in the list of sessions. */
  name: string;
  /** The staff's e-mail domains: an address of one signs in only through the provider. */
  domains: string[];
  /** The ID token claim (a string or a list of strings) read for the role. */
  roleClaim: string;
  /** Which claim value gives which staff role; several values: the most powerful role wins. */
  roles: Record<string, 'agent' | 'manager'>;
}

/** The provider's identity as a real company states it; unset parts are left out. */
export interface ProviderIdentity {
  name: string;
  /** Street, postcode, city, country, as written on letters (newlines allowed as `\n`). */
  address: string | undefined;
  /** Company registration (for instance "RCS Lyon 123 456 789"). */
  registration: string | undefined;
  vatNumber: string | undefined;
  phone: string | undefined;
  email: string | undefined;
  /** A PNG or JPEG file drawn at the head of documents. */
  logoPath: string | undefined;
}

export interface LoadOptions {
  /**
   * In prd, refuse to start without SMTP, without PostgreSQL and without https. Off only for the
   * test servers, which run prd's behaviour on an embedded database and a captured mailbox.
   */
  requireProductionServices?: boolean;
}

export class InvalidEnvironmentError extends Error {
  override name = 'InvalidEnvironmentError';
}

/**
 * Reads and validates settings from an environment-like record (process.env in production).
 * Every problem is collected: the message names each bad, missing or unsafe variable at once.
 */
export function loadSettings(
  env: Record<string, string | undefined>,
  { requireProductionServices = true }: LoadOptions = {},
): Settings {
  // An empty variable means "not set", as it does for most tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw invalid(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  const e = parsed.data;
  const problems = deploymentProblems(e, requireProductionServices);
  if (problems.length) throw invalid(problems);

  const appEnv = e.APP_ENV ?? 'dev';
  const dataDir = e.DATA_DIR;
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  const warnings: string[] = [];
  if (e.PUBLIC_URL && publicUrl.protocol === 'http:' && !isLoopback(publicUrl.hostname)) {
    warnings.push(
      `PUBLIC_URL is http (${publicUrl.origin}): session cookies travel unencrypted; use https`,
    );
  }
  if (e.TRUST_PROXY === true) {
    warnings.push(
      'TRUST_PROXY=true believes any X-Forwarded-For: a client can forge its address and dodge the rate limits; list your proxies instead (10.0.0.0/8,127.0.0.1)',
    );
  }
  const missingIdentity = (
    ['PROVIDER_NAME', 'PROVIDER_ADDRESS', 'PROVIDER_REGISTRATION', 'PROVIDER_VAT_NUMBER'] as const
  ).filter((name) => !e[name]);
  if (appEnv === 'prd' && missingIdentity.length) {
    warnings.push(
      `${missingIdentity.join(', ')} unset: documents and mails do not state who the provider is as a company must`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL ?? `file://${dataDir}/pglite`,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    acceptListeningOrigin: appEnv === 'dev' && !e.PUBLIC_URL,
    appEnv,
    gaMeasurementId: e.GA_MEASUREMENT_ID,
    demoData: e.DEMO_DATA ?? appEnv !== 'prd',
    apiReference: e.API_REFERENCE ?? appEnv !== 'prd',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    dataDir,
    webDist: e.WEB_DIST,
    rateLimits: {
      mailPerAddressPerMinute: e.RATE_LIMIT_MAIL_PER_MINUTE,
      mailPerAddressPerHour: e.RATE_LIMIT_MAIL_PER_HOUR,
      signUpsPerIpPerMinute: e.RATE_LIMIT_SIGNUP_PER_IP_MINUTE,
      messagesPerConversationPerMinute: e.RATE_LIMIT_MESSAGES_PER_CONVERSATION_MINUTE,
      callsPerApiKeyPerMinute: e.RATE_LIMIT_API_KEY_PER_MINUTE,
      invitationsPerAddressPerDay: e.INVITATIONS_PER_ADDRESS_PER_DAY,
      invitationsPerInviterPerDay: e.INVITATIONS_PER_INVITER_PER_DAY,
      invitationsPerAccountPerDay: e.INVITATIONS_PER_ACCOUNT_PER_DAY,
      documentsPerUserPerMinute: e.RATE_LIMIT_DOCUMENTS_PER_USER_MINUTE,
      liveStreamsPerUser: e.LIVE_STREAMS_PER_USER,
    },
    alertMailsPerAccountPerDay: e.ALERT_MAILS_PER_ACCOUNT_PER_DAY,
    quotas: {
      attachmentsPerRequest: e.ATTACHMENTS_PER_REQUEST,
      attachmentBytesPerAccount: e.ATTACHMENT_MB_PER_ACCOUNT * 1024 * 1024,
      unmappedDevicesPerAccount: e.UNMAPPED_DEVICES_PER_ACCOUNT,
    },
    apiKeys: {
      maxLifetimeDays: e.API_KEY_MAX_LIFETIME_DAYS,
      rotationOverlapHours: e.API_KEY_ROTATION_OVERLAP_HOURS,
      expiryWarningDays: e.API_KEY_EXPIRY_WARNING_DAYS,
    },
    mailLeaseSeconds: e.MAIL_LEASE_SECONDS,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    metricsPort: e.METRICS_PORT,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          // As the OpenTelemetry exporters read it: a base URL, the signal's path appended.
          tracesUrl: new URL(`${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`),
          serviceName: e.OTEL_SERVICE_NAME,
        }
      : undefined,
    warnings,
    searchStatementTimeoutMs: e.SEARCH_STATEMENT_TIMEOUT_MS,
    drumRentDefaults: {
      rentFreeDays: e.DRUM_RENT_FREE_DAYS,
      monthlyRate: e.DRUM_RENT_MONTHLY_RATE,
    },
    sensorStaleAfterHours: e.SENSOR_STALE_AFTER_HOURS,
    staffPasskey: { required: e.STAFF_PASSKEY_REQUIRED, graceDays: e.STAFF_PASSKEY_GRACE_DAYS },
    refillProposalMarginDays: e.REFILL_PROPOSAL_MARGIN_DAYS,
    taxRateBasisPoints: e.TAX_RATE_PERCENT ?? DEFAULT_TAX_RATE_BASIS_POINTS,
    provider: {
      name: e.PROVIDER_NAME ?? displayNameOf(e.MAIL_FROM),
      address: e.PROVIDER_ADDRESS?.replaceAll('\\n', '\n'),
      registration: e.PROVIDER_REGISTRATION,
      vatNumber: e.PROVIDER_VAT_NUMBER,
      phone: e.PROVIDER_PHONE,
      email: e.PROVIDER_EMAIL,
      logoPath: e.PROVIDER_LOGO,
    },
    mqtt:
      e.MQTT_URL && e.MQTT_CLIENT_ID && e.MQTT_APPLICATIONS
        ? {
            url: e.MQTT_URL,
            topics: e.MQTT_TOPICS,
            shareGroup: e.MQTT_SHARE_GROUP,
            clientId: e.MQTT_CLIENT_ID,
            username: e.MQTT_USERNAME,
            password: e.MQTT_PASSWORD,
            applications: e.MQTT_APPLICATIONS,
          }
        : undefined,
    staffSso:
      e.STAFF_SSO_ISSUER && e.STAFF_SSO_CLIENT_ID && e.STAFF_SSO_DOMAINS && e.STAFF_SSO_ROLES
        ? {
            issuer: e.STAFF_SSO_ISSUER,
            clientId: e.STAFF_SSO_CLIENT_ID,
            clientSecret: e.STAFF_SSO_CLIENT_SECRET,
            name: e.STAFF_SSO_NAME,
            domains: e.STAFF_SSO_DOMAINS,
            roleClaim: e.STAFF_SSO_ROLE_CLAIM,
            roles: Object.fromEntries(e.STAFF_SSO_ROLES) as Record<string, 'agent' | 'manager'>,
          }
        : undefined,
    ssoRecheckMinutes: e.SSO_RECHECK_MINUTES,
    secretKeys: {
      current: e.SECRETS_KEY ?? DEVELOPMENT_SECRETS_KEY,
      previous: e.SECRETS_PREVIOUS_KEYS,
    },
  };
}

/** "Portail client <no-reply@example.com>" names "Portail client"; a bare address names itself. */
function displayNameOf(mailFrom: string): string {
  const name = /^\s*"?([^"<]*?)"?\s*</.exec(mailFrom)?.[1]?.trim();
  return name || mailFrom.trim();
}

/** The rules between variables: what prd requires, and what must never be left implicit. */
function deploymentProblems(
  e: z.infer<typeof EnvSchema>,
  requireProductionServices: boolean,
): string[] {
  const problems: string[] = [];
  if (e.MQTT_URL && !e.MQTT_CLIENT_ID) {
    problems.push(
      'MQTT_CLIENT_ID: required with MQTT_URL, one per instance and the same across restarts (the broker keeps its session by it)',
    );
  }
  if (e.MQTT_URL && !e.MQTT_APPLICATIONS) {
    problems.push(
      'MQTT_APPLICATIONS: required with MQTT_URL (which account each ChirpStack application id belongs to)',
    );
  }
  if (e.STAFF_SSO_ISSUER) {
    for (const name of ['STAFF_SSO_CLIENT_ID', 'STAFF_SSO_DOMAINS', 'STAFF_SSO_ROLES'] as const) {
      if (!e[name]) problems.push(`${name}: required with STAFF_SSO_ISSUER`);
    }
    const issuer = new URL(e.STAFF_SSO_ISSUER);
    if (issuer.protocol !== 'https:' && !isLoopback(issuer.hostname)) {
      problems.push('STAFF_SSO_ISSUER: must be https:// (http only on this machine)');
    }
  }
  if (!e.APP_ENV && !isLoopback(e.HOST)) {
    problems.push(
      `APP_ENV: must be set (dev, rec or prd) when HOST=${e.HOST} is reachable from other machines`,
    );
  }
  if (e.PROVIDER_LOGO && !existsSync(e.PROVIDER_LOGO)) {
    problems.push(`PROVIDER_LOGO: no file at ${e.PROVIDER_LOGO}`);
  }
  if (e.APP_ENV !== 'prd') return problems;
  if (e.DEMO_DATA) {
    problems.push('DEMO_DATA: cannot be true in prd (every new user would join the demo account)');
  }
  if (!requireProductionServices) return problems;
  if (!e.SMTP_URL) {
    problems.push('SMTP_URL: required in prd (without it, sign-in links are never mailed)');
  }
  if (!e.DATABASE_URL || !/^postgres(ql)?:\/\//.test(e.DATABASE_URL)) {
    problems.push(
      'DATABASE_URL: a postgres:// URL is required in prd (the embedded database is for one machine in development)',
    );
  }
  if (!e.PUBLIC_URL || !e.PUBLIC_URL.startsWith('https://')) {
    problems.push('PUBLIC_URL: an https:// URL is required in prd (sessions need Secure cookies)');
  }
  if (!e.SECRETS_KEY) {
    problems.push(
      "SECRETS_KEY: required in prd (it seals the identity providers' client secrets; openssl rand -base64 32)",
    );
  }
  return problems;
}

function invalid(problems: string[]): InvalidEnvironmentError {
  const [first] = problems;
  return new InvalidEnvironmentError(
    problems.length === 1
      ? `Invalid environment variable ${first}`
      : `Invalid environment variables:\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
  );
}

/** The process environment, read here and nowhere else. */
export function readProcessEnv(): Record<string, string | undefined> {
  return process.env;
}
