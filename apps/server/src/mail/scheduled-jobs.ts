import type { FastifyBaseLogger } from 'fastify';
import type { Settings } from '../config/env';
import type { Database } from '../db/client';
import type { Clock } from '../services/clock';
import { sweepApiKeyExpiry } from '../services/integration/api-key-expiry';
import { sendRentStartNotices } from '../services/drum-account/rent-notices';
import { sendMonthlyStatements } from '../services/drum-account/statement-mails';
import { alertSilentSensors } from '../services/refill/alert-silent-sensors';
import { sweepRefillProposals } from '../services/refill/refill-proposals';
import type { Translations } from '../services/translations';
import { sweepOffers } from '../services/workflow/offer-sweep';
import type { MailWorker } from './worker';
import { notifyDepsOf } from '../services/workflow/notify';
import type { IdentityProviderClients } from '../services/auth/sso/identity-providers';
import { recheckSsoSessions } from '../services/auth/sso/recheck-sso-sessions';
import type { SessionCache } from '../services/auth/session-cache';

const MINUTE_MS = 60 * 1000;

export interface ScheduledJobsDeps {
  db: Database;
  settings: Settings;
  translations: Translations;
  clock: Clock;
  mailWorker: MailWorker;
  log: FastifyBaseLogger;
  ssoClients: IdentityProviderClients;
  sessionCache?: SessionCache;
}

interface Job {
  name: string;
  everyMs: number;
  /** Waits this long after the start before the first run. */
  firstAfterMs: number;
  /** Answers how many mails it queued. */
  run(now: Date): Promise<number>;
}

/**
 * Work that comes from the calendar rather than from a request: the offers' reminders, expiry
 * and the staff's daily digests, the drums' rent-start notices and the monthly statements, the
 * drums whose sensor has fallen silent, the refills a drum's forecast now calls for, and the
 * machines' API keys about to expire or expired. Each run is idempotent (what was sent is
 * remembered), so running on every instance sends each mail once; a failed run is logged and
 * tried again at the next. Returns what stops the schedule.
 */
export function startScheduledJobs(deps: ScheduledJobsDeps): () => void {
  const jobs: Job[] = [
    {
      name: 'offer reminders, expiry and staff digests',
      everyMs: 15 * MINUTE_MS,
      // After the start's first answers, which its queries would otherwise share the database
      // with (on PGlite, one connection).
      firstAfterMs: 5_000,
      run: async (now) => {
        const { reminded, digests } = await sweepOffers(
          deps.db,
          notifyDepsOf(deps.settings, deps.translations),
          now,
        );
        return reminded + digests;
      },
    },
    {
      name: 'rent-start notices and monthly statements',
      everyMs: 60 * MINUTE_MS,
      firstAfterMs: 10_000,
      run: async (now) =>
        Number(await sendRentStartNotices(deps.db, deps, now)) +
        Number(await sendMonthlyStatements(deps.db, deps, now)),
    },
    {
      name: 'proposed refills',
      everyMs: 60 * MINUTE_MS,
      firstAfterMs: 30_000,
      run: (now) => sweepRefillProposals(deps.db, deps, now),
    },
    {
      // Each session's own re-check comes due every SSO_RECHECK_MINUTES; this looks every minute.
      name: 'single sign-on re-check',
      everyMs: MINUTE_MS,
      firstAfterMs: 15_000,
      run: async (now) => {
        const report = await recheckSsoSessions(
          deps.db,
          { settings: deps.settings, clients: deps.ssoClients, sessionCache: deps.sessionCache },
          now,
        );
        if (report.ended || report.unreachable) deps.log.info(report, 'single sign-on re-check');
        return 0;
      },
    },
    {
      name: 'API key expiry warnings and expiries',
      everyMs: 15 * MINUTE_MS,
      firstAfterMs: 25_000,
      run: (now) => sweepApiKeyExpiry(deps.db, deps, now),
    },
    {
      name: 'silent sensors',
      everyMs: 15 * MINUTE_MS,
      firstAfterMs: 20_000,
      run: (now) => alertSilentSensors(deps.db, deps, now),
    },
  ];
  const timers = jobs.flatMap((job) => {
    const run = async () => {
      try {
        if ((await job.run(deps.clock())) > 0) deps.mailWorker.poke();
      } catch (error) {
        deps.log.error({ err: error, job: job.name }, 'scheduled job failed');
      }
    };
    const first = setTimeout(() => void run(), job.firstAfterMs);
    const every = setInterval(() => void run(), job.everyMs);
    first.unref();
    every.unref();
    return [first, every];
  });
  return () => {
    for (const timer of timers) clearTimeout(timer);
  };
}
