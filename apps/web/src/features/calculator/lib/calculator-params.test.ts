import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convertValues,
  numericParams,
  readCalculatorState,
  writeCalculatorState,
  type NumericValues,
} from './calculator-params';

function emptyValues(): NumericValues {
  return Object.fromEntries(Object.keys(numericParams).map((key) => [key, null])) as NumericValues;
}

describe('calculator URL state', () => {
  it('gives the defaults for an empty URL: capacity, metric, f 50 mm, efficiency 0.8, 1 kV', () => {
    const state = readCalculatorState(new URLSearchParams());
    expect(state.mode).toBe('capacity');
    expect(state.units).toBe('metric');
    expect(state.values).toMatchObject({ f: 50, e: 0.8, kv: 1, a: null, d: null, len: null });
    expect(state.cable).toBeNull();
    expect(state.tapeShielded).toBe(false);
  });

  it('gives the freeboard default in inches in imperial (50 mm = 1.9685 in)', () => {
    expect(readCalculatorState(new URLSearchParams('units=imperial')).values.f).toBe(1.9685);
  });

  it('keeps a cleared default empty instead of filling it again', () => {
    const params = writeCalculatorState(new URLSearchParams(), { values: { f: null } });
    expect(params.toString()).toBe('f=');
    expect(readCalculatorState(params).values.f).toBeNull();
  });

  it('round-trips the state through the URL and ignores unknown values', () => {
    const params = writeCalculatorState(new URLSearchParams('other=kept'), {
      mode: 'drum',
      units: 'imperial',
      cable: 'AR2V-1x95',
      drum: 'T12',
      tapeShielded: true,
      values: { a: 49.2126, len: 1200.5 },
    });
    expect(params.get('other')).toBe('kept');
    const state = readCalculatorState(params);
    expect(state).toMatchObject({
      mode: 'drum',
      units: 'imperial',
      cable: 'AR2V-1x95',
      drum: 'T12',
    });
    expect(state.tapeShielded).toBe(true);
    expect(state.values).toMatchObject({ a: 49.2126, len: 1200.5 });
    const cleared = writeCalculatorState(params, { cable: null, tapeShielded: false });
    expect(cleared.has('cable')).toBe(false);
    expect(cleared.has('tape')).toBe(false);
    const odd = readCalculatorState(new URLSearchParams('mode=nope&units=furlongs&a=abc'));
    expect(odd).toMatchObject({ mode: 'capacity', units: 'metric' });
    expect(odd.values.a).toBeNull();
  });

  it('converts dimensions and lengths, never kg, kg/km, kV or efficiency', () => {
    const values = {
      ...emptyValues(),
      a: 1000,
      d: 20,
      len: 500,
      w: 2150,
      tare: 60,
      e: 0.8,
      kv: 20,
    };
    const imperial = convertValues(values, 'metric', 'imperial');
    expect(imperial).toMatchObject({
      a: 39.37,
      d: 0.7874,
      len: 1640.4,
      w: 2150,
      tare: 60,
      e: 0.8,
      kv: 20,
    });
    expect(imperial.h).toBeNull();
    expect(convertValues(values, 'metric', 'metric')).toBe(values);
  });

  it('round trips stay within 0.01 %, however often the units are switched (no drift)', () => {
    const cents = (max: number) => fc.integer({ min: 1, max }).map((n) => n / 100);
    const there = (values: NumericValues) => convertValues(values, 'metric', 'imperial');
    const back = (values: NumericValues) => convertValues(values, 'imperial', 'metric');
    fc.assert(
      fc.property(cents(500_000), cents(1_000_000), (mm, metres) => {
        const values = { ...emptyValues(), a: mm, len: metres };
        expect(Math.abs((there(values).a ?? 0) - mm / 25.4)).toBeLessThanOrEqual(
          (mm / 25.4) * 5e-5,
        );
        let current: NumericValues = values;
        for (let trip = 0; trip < 4; trip += 1) {
          current = back(there(current));
          expect(Math.abs((current.a ?? 0) - mm)).toBeLessThanOrEqual(mm * 1e-4);
          expect(Math.abs((current.len ?? 0) - metres)).toBeLessThanOrEqual(metres * 1e-4);
        }
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), cents(100_000), (thousandths, feet) => {
        const values = { ...emptyValues(), d: thousandths / 1000, len: feet };
        let current: NumericValues = values;
        for (let trip = 0; trip < 4; trip += 1) {
          current = there(back(current));
          expect(Math.abs((current.d ?? 0) - thousandths / 1000)).toBeLessThanOrEqual(
            thousandths * 1e-7,
          );
          expect(Math.abs((current.len ?? 0) - feet)).toBeLessThanOrEqual(feet * 1e-4);
        }
      }),
    );
  });

  it('gives back round values typed in mm and m exactly', () => {
    for (const mm of [1, 20, 26.5, 50, 400, 630, 1000, 1250, 3200]) {
      const values = { ...emptyValues(), a: mm, len: mm };
      const once = convertValues(convertValues(values, 'metric', 'imperial'), 'imperial', 'metric');
      expect([once.a, once.len]).toEqual([mm, mm]);
    }
  });
});
