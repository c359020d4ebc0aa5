import { describe, expect, it } from 'vitest';
import { runCrashScenario } from './crash-scenario';

/** Reliability suite 3 — crash safety on PostgreSQL. */
describe('suite 3 — crash safety: kill -9 mid-burst, PostgreSQL', () => {
  it('keeps every acknowledged write, half-writes nothing, and sends every queued mail once or twice', async () => {
    const figures = await runCrashScenario('postgres', [3610, 3619]);
    console.info(`crash safety (PostgreSQL): ${JSON.stringify(figures)}`);
    expect(
      figures.acknowledged.signUps + figures.acknowledged.refills + figures.acknowledged.quotes,
    ).toBeGreaterThan(0);
    expect(figures.missing).toEqual([]);
    expect(figures.found).toEqual(figures.acknowledged);
    expect(figures.halfWritten).toEqual({
      refillRequestsWithoutItems: 0,
      refillRequestsWithoutAcknowledgement: 0,
      quotesWithoutLines: 0,
      signInLinksWithoutMail: 0,
    });
    expect(figures.mails.pending).toBe(0);
    expect(figures.mails.delivered).toBe(figures.mails.queued);
    expect(figures.mails.moreThanTwice).toBe(0);
  });
});
