import { describe, expect, it } from 'vitest';
import { DRUM_OVERVIEW_MAX_AGE_MS, DrumOverviewCache } from './drum-overview-cache';

const at = (ms: number) => new Date(Date.UTC(2026, 10, 22) + ms);

describe('DrumOverviewCache', () => {
  it('answers what it kept, per account and site scope, for a minute', () => {
    const cache = new DrumOverviewCache<string>();
    cache.set('a', null, 'all of a', at(0), cache.generation);
    cache.set('a', ['s2', 's1'], 'sites of a', at(0), cache.generation);
    expect(cache.get('a', null, at(1_000))).toBe('all of a');
    expect(cache.get('a', ['s1', 's2'], at(1_000))).toBe('sites of a');
    expect(cache.get('a', ['s1'], at(1_000))).toBeUndefined();
    expect(cache.get('b', null, at(1_000))).toBeUndefined();
    expect(cache.get('a', null, at(DRUM_OVERVIEW_MAX_AGE_MS + 1))).toBeUndefined();
    // A clock moved back is not trusted either.
    expect(cache.get('a', null, at(-1))).toBeUndefined();
  });

  it("forgets an account, all of them on '*', and refuses what was computed before a change", () => {
    const cache = new DrumOverviewCache<string>();
    cache.set('a', null, 'a', at(0), cache.generation);
    cache.set('b', null, 'b', at(0), cache.generation);
    cache.forgetAnnounced('a');
    expect(cache.get('a', null, at(0))).toBeUndefined();
    expect(cache.get('b', null, at(0))).toBe('b');
    cache.forgetAnnounced('*');
    expect(cache.get('b', null, at(0))).toBeUndefined();

    const started = cache.generation;
    cache.forgetAccount('c');
    cache.set('c', null, 'computed before the change', at(0), started);
    expect(cache.get('c', null, at(0))).toBeUndefined();
  });

  it('keeps nothing while announcements may be missed, and pushes out the least recent', () => {
    const cache = new DrumOverviewCache<string>(2);
    cache.stopTrusting();
    cache.set('a', null, 'a', at(0), cache.generation);
    expect(cache.get('a', null, at(0))).toBeUndefined();
    cache.startTrusting();
    cache.set('a', null, 'a', at(0), cache.generation);
    cache.set('b', null, 'b', at(0), cache.generation);
    expect(cache.get('a', null, at(0))).toBe('a');
    cache.set('c', null, 'c', at(0), cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.get('b', null, at(0))).toBeUndefined();
    expect(cache.get('a', null, at(0))).toBe('a');
  });
});
