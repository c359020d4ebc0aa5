import type { FastifyBaseLogger } from 'fastify';
import type { Settings } from '../config/env';
import type { Database } from '../db/client';
import type { Clock } from '../services/clock';
import { sendRentStartNotices } from '../services/drum-account/rent-notices';
import { sendMonthlyStatements } from '../services/drum-account/statement-mails';
import type { Translations } from '../services/translations';
import type { MailWorker } from './worker';

const HOUR_MS = 3600 * 1000;

export interface ScheduledJobsDeps {
  db: Database;
  settings: Settings;
  translations: Translations;
  clock: Clock;
  mailWorker: MailWorker;
  log: FastifyBaseLogger;
}

/**
 * Mails that come from the calendar rather than from a request: each run is idempotent (the
 * notices remember what they sent), so running hourly, on every instance, sends each mail once.
 * Returns the function that stops the schedule.
 */
export function startScheduledJobs(deps: ScheduledJobsDeps): () => void {
  const run = async () => {
    try {
      const now = deps.clock();
      const announced = await sendRentStartNotices(deps.db, deps, now);
      const statements = await sendMonthlyStatements(deps.db, deps, now);
      if (announced || statements) deps.mailWorker.poke();
    } catch (error) {
      deps.log.error({ err: error }, 'scheduled mail job failed');
    }
  };
  const first = setTimeout(() => void run(), 10_000);
  const timer = setInterval(() => void run(), HOUR_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
