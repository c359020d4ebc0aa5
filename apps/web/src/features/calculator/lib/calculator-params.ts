import {
  DEFAULT_EFFICIENCY,
  DEFAULT_FREEBOARD_MM,
  MM_PER_INCH,
  METRES_PER_FOOT,
  type UnitSystem,
} from './drum-calculations';

/**
 * The calculator's inputs live in the URL's search params, so a calculation can be shared and
 * survives a reload. Values are kept as typed, in the unit system named by `units`.
 */

export const calculatorModes = ['capacity', 'remaining', 'drum'] as const;
export type CalculatorMode = (typeof calculatorModes)[number];

/**
 * Each numeric param and what it measures: `dimension` is mm or in, `length` is m or ft, `plain`
 * does not depend on the unit system (kg, kg/km, kV, efficiency).
 */
export const numericParams = {
  /** A: flange diameter. */
  a: 'dimension',
  /** B: barrel diameter. */
  b: 'dimension',
  /** T: inner traverse width. */
  t: 'dimension',
  /** d: cable outer diameter. */
  d: 'dimension',
  /** f: freeboard. */
  f: 'dimension',
  /** h: measured free flange height. */
  h: 'dimension',
  /** Requested cable length (drum choice). */
  len: 'length',
  /** Cable weight, kg/km. */
  w: 'plain',
  /** Drum tare, kg. */
  tare: 'plain',
  /** Fill efficiency, (0, 1]. */
  e: 'plain',
  /** Cable voltage, kV. */
  kv: 'plain',
} as const;
export type NumericParam = keyof typeof numericParams;
export type NumericValues = Record<NumericParam, number | null>;

export interface CalculatorState {
  mode: CalculatorMode;
  units: UnitSystem;
  /** Reference of the catalogue cable the values came from, if any. */
  cable: string | null;
  /** Code of the standard drum the values came from, if any. */
  drum: string | null;
  tapeShielded: boolean;
  values: NumericValues;
}

function decimalsOf(value: number): number {
  const [, fraction = ''] = String(value).split('.');
  return fraction.length;
}

/**
 * `value × factor`, written with as few decimals as possible while it stays within 0.005 % of
 * the exact value and converting it back (with the original's decimals) still gives `value`:
 * 1000 mm becomes 39.37 in, and 39.37 in becomes 1000 mm again. A round trip may land on a
 * neighbour (2894.69 ft → 882.3 m → 2894.7 ft), but within 0.01 % however often the units are
 * switched (a property test checks it).
 */
export function convertNumber(value: number, factor: number): number {
  const raw = value * factor;
  const decimals = Math.min(decimalsOf(value), 10);
  for (let candidateDecimals = 0; candidateDecimals <= 10; candidateDecimals += 1) {
    const candidate = Number(raw.toFixed(candidateDecimals));
    const isClose = Math.abs(candidate - raw) <= Math.abs(raw) * 5e-5;
    const comesBack = Number((candidate / factor).toFixed(decimals)) === value;
    if (isClose && comesBack) return candidate;
  }
  return raw;
}

/** A millimetre value as typed in `units`: mm as is, or the shortest faithful inch value. */
export function dimensionIn(mm: number, units: UnitSystem): number {
  return units === 'metric' ? mm : convertNumber(mm, 1 / MM_PER_INCH);
}

function defaults(units: UnitSystem): Partial<NumericValues> {
  return { f: dimensionIn(DEFAULT_FREEBOARD_MM, units), e: DEFAULT_EFFICIENCY, kv: 1 };
}

function parseNumber(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Reads the state from search params; an absent param takes its default, an empty one is empty. */
export function readCalculatorState(params: URLSearchParams): CalculatorState {
  const mode = params.get('mode');
  const units: UnitSystem = params.get('units') === 'imperial' ? 'imperial' : 'metric';
  const fallback = defaults(units);
  const values = Object.fromEntries(
    (Object.keys(numericParams) as NumericParam[]).map((key) => [
      key,
      params.has(key) ? parseNumber(params.get(key)) : (fallback[key] ?? null),
    ]),
  ) as NumericValues;
  return {
    mode: (calculatorModes as readonly string[]).includes(mode ?? '')
      ? (mode as CalculatorMode)
      : 'capacity',
    units,
    cable: params.get('cable') || null,
    drum: params.get('drum') || null,
    tapeShielded: params.get('tape') === '1',
    values,
  };
}

export type CalculatorPatch = Partial<Omit<CalculatorState, 'values'>> & {
  values?: Partial<NumericValues>;
};

/** New search params with `patch` applied; other params (not the calculator's) are kept. */
export function writeCalculatorState(
  params: URLSearchParams,
  patch: CalculatorPatch,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (patch.mode !== undefined) next.set('mode', patch.mode);
  if (patch.units !== undefined) next.set('units', patch.units);
  for (const key of ['cable', 'drum'] as const) {
    const value = patch[key];
    if (value === null) next.delete(key);
    else if (value !== undefined) next.set(key, value);
  }
  if (patch.tapeShielded !== undefined) {
    if (patch.tapeShielded) next.set('tape', '1');
    else next.delete('tape');
  }
  for (const [key, value] of Object.entries(patch.values ?? {})) {
    // Empty stays in the URL as `key=`, so that a cleared default is not filled again on reload.
    next.set(key, value === null || value === undefined ? '' : String(value));
  }
  return next;
}

/** Converts every unit-dependent value from one system to the other, as a user would retype it. */
export function convertValues(
  values: NumericValues,
  from: UnitSystem,
  to: UnitSystem,
): NumericValues {
  if (from === to) return values;
  const converted = { ...values };
  for (const key of Object.keys(numericParams) as NumericParam[]) {
    const value = values[key];
    const kind = numericParams[key];
    if (value === null || kind === 'plain') continue;
    const factor = kind === 'dimension' ? MM_PER_INCH : METRES_PER_FOOT;
    converted[key] = convertNumber(value, to === 'metric' ? factor : 1 / factor);
  }
  return converted;
}
