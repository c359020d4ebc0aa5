import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * The only module that reads the environment (lint forbids `process.env` elsewhere).
 * Every variable is validated once at start-up; a bad value stops the start with a message
 * that names the variable.
 */

const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

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
  APP_ENV: z.enum(['dev', 'rec', 'prd']).default('dev'),
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]{4,}$/, 'must look like G-XXXXXXX')
    .optional(),
  DEMO_DATA: booleanString.optional(),
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
  ATTACHMENTS_PER_REQUEST: z.coerce.number().int().min(1).default(20),
  ATTACHMENT_MB_PER_ACCOUNT: z.coerce.number().int().min(1).default(200),
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
});

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

export interface Settings {
  port: number;
  host: string;
  /** `postgres://…` for PostgreSQL, `memory://` for an in-memory PGlite, else a PGlite directory. */
  databaseUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: URL;
  appEnv: AppEnv;
  gaMeasurementId: string | undefined;
  demoData: boolean;
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
  /** Send limits (DESIGN §5); raised by configuration for load tests. */
  rateLimits: {
    mailPerAddressPerMinute: number;
    mailPerAddressPerHour: number;
    signUpsPerIpPerMinute: number;
    /** Messages one conversation accepts in a minute, whoever writes them. */
    messagesPerConversationPerMinute: number;
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
}

export class InvalidEnvironmentError extends Error {
  override name = 'InvalidEnvironmentError';
}

/** Reads and validates settings from an environment-like record (process.env in production). */
export function loadSettings(env: Record<string, string | undefined>): Settings {
  // An empty variable means "not set", as it does for most tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join('.') ?? 'environment';
    throw new InvalidEnvironmentError(
      `Invalid environment variable ${variable}: ${issue?.message ?? 'invalid value'}`,
    );
  }
  const e = parsed.data;
  const dataDir = e.DATA_DIR;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL ?? `file://${dataDir}/pglite`,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`),
    appEnv: e.APP_ENV,
    gaMeasurementId: e.GA_MEASUREMENT_ID,
    demoData: e.DEMO_DATA ?? e.APP_ENV !== 'prd',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    dataDir,
    webDist: e.WEB_DIST,
    rateLimits: {
      mailPerAddressPerMinute: e.RATE_LIMIT_MAIL_PER_MINUTE,
      mailPerAddressPerHour: e.RATE_LIMIT_MAIL_PER_HOUR,
      signUpsPerIpPerMinute: e.RATE_LIMIT_SIGNUP_PER_IP_MINUTE,
      messagesPerConversationPerMinute: e.RATE_LIMIT_MESSAGES_PER_CONVERSATION_MINUTE,
    },
    alertMailsPerAccountPerDay: e.ALERT_MAILS_PER_ACCOUNT_PER_DAY,
    quotas: {
      attachmentsPerRequest: e.ATTACHMENTS_PER_REQUEST,
      attachmentBytesPerAccount: e.ATTACHMENT_MB_PER_ACCOUNT * 1024 * 1024,
    },
    mailLeaseSeconds: e.MAIL_LEASE_SECONDS,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
  };
}

/** The process environment, read here and nowhere else. */
export function readProcessEnv(): Record<string, string | undefined> {
  return process.env;
}
