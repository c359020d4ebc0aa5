import { describe, expect, it, vi } from 'vitest';
import { collectCommands, getCommandSources, matchesQuery, registerCommands } from './commands';

const command = (id: string) => ({ id, label: id, group: 'g', perform: vi.fn() });

describe('command registry', () => {
  it('registers and unregisters sources, and collects their entries', async () => {
    const stop = registerCommands({ id: 'a', getCommands: () => [command('a1')] });
    const stopB = registerCommands({
      id: 'b',
      getCommands: async (query) => (query === 'x' ? [command('b1')] : []),
    });
    expect(getCommandSources().map((s) => s.id)).toEqual(['a', 'b']);
    expect((await collectCommands('x')).map((c) => c.id)).toEqual(['a1', 'b1']);
    stop();
    expect((await collectCommands('x')).map((c) => c.id)).toEqual(['b1']);
    stopB();
    expect(getCommandSources()).toEqual([]);
  });

  it('lists sources by their order, then by registration', async () => {
    const stops = [
      registerCommands({ id: 'feature', getCommands: () => [command('f1')] }),
      registerCommands({ id: 'late', order: 1, getCommands: () => [command('l1')] }),
      registerCommands({ id: 'shell', order: -1, getCommands: () => [command('s1')] }),
      registerCommands({ id: 'other', getCommands: () => [command('o1')] }),
    ];
    expect(getCommandSources().map((s) => s.id)).toEqual(['shell', 'feature', 'other', 'late']);
    expect((await collectCommands('')).map((c) => c.id)).toEqual(['s1', 'f1', 'o1', 'l1']);
    for (const stop of stops) stop();
  });

  it('skips a failing source instead of losing every entry', async () => {
    const stop = registerCommands({
      id: 'broken',
      getCommands: () => Promise.reject(new Error('offline')),
    });
    const stopOk = registerCommands({ id: 'ok', getCommands: () => [command('ok1')] });
    expect((await collectCommands('')).map((c) => c.id)).toEqual(['ok1']);
    stop();
    stopOk();
  });

  it('matches every word, ignoring case and accents', () => {
    expect(matchesQuery('piece det', 'Pièces détachées')).toBe(true);
    expect(matchesQuery('REFILL', 'Go to refill')).toBe(true);
    expect(matchesQuery('refill calc', 'Go to refill')).toBe(false);
    expect(matchesQuery('', 'anything')).toBe(true);
  });
});
