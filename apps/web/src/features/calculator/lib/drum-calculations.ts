/**
 * Cable drum calculations, pure and framework-free.
 *
 * Units are explicit: every input and output carries the unit system it is expressed in.
 * - `metric`: dimensions in millimetres, cable lengths in metres.
 * - `imperial`: dimensions in inches, cable lengths in feet.
 * Weights stay in kilograms (and kg/km for the cable) in both systems, as the catalogue gives
 * them. Conversions are exact by definition: 1 in = 25.4 mm, 1 ft = 0.3048 m.
 *
 * The formulas, with A the flange diameter, B the barrel diameter, T the inner traverse width,
 * d the cable's outer diameter and f the freeboard (all in mm):
 * - winding depth H = (A − B)/2 − f;
 * - theoretical length L = π·H·(H + B)·T / (1000·d²) metres (each turn of mean diameter H + B,
 *   on a square packing of d × d per turn), practical length = L × fill efficiency;
 * - layers ≈ H/d, turns per layer ≈ T/d (whole layers and turns: a partial one does not count);
 * - gross weight = L/1000 × kg/km + drum tare.
 * The remaining length on a partly used drum uses the same formula with the wound depth
 * H' = (A − B)/2 − h, h being the measured free flange height above the cable.
 */

export type UnitSystem = 'metric' | 'imperial';

export const MM_PER_INCH = 25.4;
export const METRES_PER_FOOT = 0.3048;
/** Default freeboard f, in millimetres. */
export const DEFAULT_FREEBOARD_MM = 50;
/** Default fill efficiency. */
export const DEFAULT_EFFICIENCY = 0.8;

/** Dimension (mm or in) of the given system → millimetres. */
export function toMillimetres(value: number, system: UnitSystem): number {
  return system === 'metric' ? value : value * MM_PER_INCH;
}

/** Millimetres → dimension (mm or in) of the given system. */
export function fromMillimetres(mm: number, system: UnitSystem): number {
  return system === 'metric' ? mm : mm / MM_PER_INCH;
}

/** Cable length (m or ft) of the given system → metres. */
export function toMetres(value: number, system: UnitSystem): number {
  return system === 'metric' ? value : value * METRES_PER_FOOT;
}

/** Metres → cable length (m or ft) of the given system. */
export function fromMetres(metres: number, system: UnitSystem): number {
  return system === 'metric' ? metres : metres / METRES_PER_FOOT;
}

/** A drum's geometry, in the dimension unit of the system (mm or in). */
export interface DrumGeometry {
  /** A: flange diameter. */
  flangeDiameter: number;
  /** B: barrel diameter. */
  barrelDiameter: number;
  /** T: inner traverse width, between the flanges. */
  innerWidth: number;
}

/** Cable data. The diameter is in the system's dimension unit; weight always in kg/km. */
export interface CableData {
  /** d: outer diameter. */
  diameter: number;
  /** Optional: without it, no weight is computed. */
  weightKgPerKm?: number;
}

// ---------------------------------------------------------------------------------------------
// Core formulas, in millimetres and metres.

/** L = π·H·(H + B)·T / (1000·d²), in metres, all arguments in millimetres. */
export function woundLengthMetres(depthMm: number, barrelMm: number, widthMm: number, dMm: number) {
  if (depthMm <= 0) return 0;
  return (Math.PI * depthMm * (depthMm + barrelMm) * widthMm) / (1000 * dMm * dMm);
}

/** The k of the barrel rule B ≥ k·d: 10 up to 2 kV, 12 above, 14 for tape-shielded cables. */
export function minimumBendingFactor(voltageKv: number, tapeShielded: boolean): number {
  if (tapeShielded) return 14;
  return voltageKv <= 2 ? 10 : 12;
}

/** Gross weight in kg: cable weight plus tare; `undefined` when the cable weight is unknown. */
export function grossWeightKg(
  lengthMetres: number,
  weightKgPerKm: number | undefined,
  tareKg: number | undefined,
): number | undefined {
  if (weightKgPerKm === undefined) return undefined;
  return (lengthMetres / 1000) * weightKgPerKm + (tareKg ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Validation. Each rule gives an error code per field; the screen translates the codes.

export type FieldErrorCode =
  | 'required'
  | 'positive'
  | 'nonNegative'
  /** A > B + 2f: the flange must leave a winding depth above the freeboard. */
  | 'flangeTooSmall'
  /** A > B (remaining-length mode, where no freeboard applies). */
  | 'flangeNotAboveBarrel'
  /** 0 ≤ h ≤ (A − B)/2. */
  | 'heightOutsideFlange'
  /** 0 < efficiency ≤ 1. */
  | 'efficiencyRange';

export type FieldErrors<TField extends string> = Partial<Record<TField, FieldErrorCode>>;

/** A number typed in a field: `null` when empty. */
type Typed = number | null | undefined;

function required(value: Typed, rule: 'positive' | 'nonNegative'): FieldErrorCode | undefined {
  if (value === null || value === undefined || Number.isNaN(value)) return 'required';
  if (rule === 'positive' ? value <= 0 : value < 0) return rule;
  return undefined;
}

function optional(value: Typed, rule: 'positive' | 'nonNegative'): FieldErrorCode | undefined {
  if (value === null || value === undefined) return undefined;
  return required(value, rule);
}

function efficiencyError(value: Typed): FieldErrorCode | undefined {
  if (value === null || value === undefined || Number.isNaN(value)) return 'required';
  return value > 0 && value <= 1 ? undefined : 'efficiencyRange';
}

function withoutUndefined<TField extends string>(
  errors: Record<TField, FieldErrorCode | undefined>,
): FieldErrors<TField> {
  return Object.fromEntries(
    Object.entries(errors).filter(([, code]) => code !== undefined),
  ) as FieldErrors<TField>;
}

/** What both winding modes read, as typed (dimension unit of the system). */
interface WindingFields {
  flangeDiameter: Typed;
  barrelDiameter: Typed;
  innerWidth: Typed;
  cableDiameter: Typed;
  efficiency: Typed;
  weightKgPerKm?: Typed;
  tareKg?: Typed;
}

function windingFieldErrors(
  fields: WindingFields,
): Record<keyof WindingFields, FieldErrorCode | undefined> {
  return {
    flangeDiameter: required(fields.flangeDiameter, 'positive'),
    barrelDiameter: required(fields.barrelDiameter, 'positive'),
    innerWidth: required(fields.innerWidth, 'positive'),
    cableDiameter: required(fields.cableDiameter, 'positive'),
    efficiency: efficiencyError(fields.efficiency),
    weightKgPerKm: optional(fields.weightKgPerKm, 'positive'),
    tareKg: optional(fields.tareKg, 'nonNegative'),
  };
}

/** What the capacity mode reads: the winding fields and the freeboard f. */
export interface CapacityFields extends WindingFields {
  freeboard: Typed;
}
export type CapacityField = keyof CapacityFields;

export function validateCapacity(fields: CapacityFields): FieldErrors<CapacityField> {
  const errors: Record<CapacityField, FieldErrorCode | undefined> = {
    ...windingFieldErrors(fields),
    freeboard: required(fields.freeboard, 'nonNegative'),
  };
  const { flangeDiameter: a, barrelDiameter: b, freeboard: f } = fields;
  if (!errors.flangeDiameter && !errors.barrelDiameter && !errors.freeboard) {
    // Checked on the numbers as typed: the rule does not depend on the unit system.
    if (!((a as number) > (b as number) + 2 * (f as number)))
      errors.flangeDiameter = 'flangeTooSmall';
  }
  return withoutUndefined(errors);
}

/** What the remaining-length mode reads: the winding fields and the free height h. */
export interface RemainingFields extends WindingFields {
  /** h: measured free flange height, from the flange rim down to the cable. */
  freeHeight: Typed;
}
export type RemainingField = keyof RemainingFields;

export function validateRemaining(fields: RemainingFields): FieldErrors<RemainingField> {
  const errors: Record<RemainingField, FieldErrorCode | undefined> = {
    ...windingFieldErrors(fields),
    freeHeight: required(fields.freeHeight, 'nonNegative'),
  };
  const { flangeDiameter: a, barrelDiameter: b, freeHeight: h } = fields;
  if (!errors.flangeDiameter && !errors.barrelDiameter) {
    if (!((a as number) > (b as number))) errors.flangeDiameter = 'flangeNotAboveBarrel';
    else if (!errors.freeHeight && (h as number) > ((a as number) - (b as number)) / 2) {
      errors.freeHeight = 'heightOutsideFlange';
    }
  }
  return withoutUndefined(errors);
}

/** What the drum-choice mode reads, as typed. */
export interface DrumChoiceFields {
  /** The cable length to hold (m or ft). */
  length: Typed;
  cableDiameter: Typed;
  freeboard: Typed;
  efficiency: Typed;
  voltageKv: Typed;
  weightKgPerKm?: Typed;
}
export type DrumChoiceField = keyof DrumChoiceFields;

export function validateDrumChoice(fields: DrumChoiceFields): FieldErrors<DrumChoiceField> {
  return withoutUndefined<DrumChoiceField>({
    length: required(fields.length, 'positive'),
    cableDiameter: required(fields.cableDiameter, 'positive'),
    freeboard: required(fields.freeboard, 'nonNegative'),
    efficiency: efficiencyError(fields.efficiency),
    voltageKv: required(fields.voltageKv, 'positive'),
    weightKgPerKm: optional(fields.weightKgPerKm, 'positive'),
  });
}

// ---------------------------------------------------------------------------------------------
// The three calculations. Inputs are assumed valid (see the validators above).

export interface WindingResult {
  /** H (capacity) or H' (remaining), in the system's dimension unit. */
  windingDepth: number;
  /** In the system's length unit (m or ft). */
  theoreticalLength: number;
  /** Theoretical × efficiency, in the system's length unit. */
  practicalLength: number;
  /** Whole layers, ⌊H/d⌋. */
  layers: number;
  /** Whole turns per layer, ⌊T/d⌋. */
  turnsPerLayer: number;
  /** Practical length's cable weight plus tare, kg; undefined without the cable weight. */
  grossWeightKg: number | undefined;
}

function wind(
  depthMm: number,
  drum: DrumGeometry,
  cable: CableData,
  efficiency: number,
  tareKg: number | undefined,
  system: UnitSystem,
): WindingResult {
  const barrelMm = toMillimetres(drum.barrelDiameter, system);
  const widthMm = toMillimetres(drum.innerWidth, system);
  const dMm = toMillimetres(cable.diameter, system);
  const depth = Math.max(depthMm, 0);
  const theoreticalM = woundLengthMetres(depth, barrelMm, widthMm, dMm);
  const practicalM = theoreticalM * efficiency;
  return {
    windingDepth: fromMillimetres(depth, system),
    theoreticalLength: fromMetres(theoreticalM, system),
    practicalLength: fromMetres(practicalM, system),
    layers: Math.floor(depth / dMm + 1e-9),
    turnsPerLayer: Math.floor(widthMm / dMm + 1e-9),
    grossWeightKg: grossWeightKg(practicalM, cable.weightKgPerKm, tareKg),
  };
}

export interface CapacityInput {
  drum: DrumGeometry;
  cable: CableData;
  /** f, in the system's dimension unit. */
  freeboard: number;
  efficiency: number;
  tareKg?: number;
}

/** As the capacity's, with the free height h measured on site (system's unit) for f. */
export type RemainingInput = Omit<CapacityInput, 'freeboard'> & { freeHeight: number };

/**
 * The cable wound from the barrel up to `gap` below the flange rim: the winding depth is
 * (A − B) / 2 − gap.
 */
function windBelowRim(
  input: Omit<CapacityInput, 'freeboard'>,
  gap: number,
  system: UnitSystem,
): WindingResult {
  const aMm = toMillimetres(input.drum.flangeDiameter, system);
  const bMm = toMillimetres(input.drum.barrelDiameter, system);
  const depthMm = (aMm - bMm) / 2 - toMillimetres(gap, system);
  return wind(depthMm, input.drum, input.cable, input.efficiency, input.tareKg, system);
}

/** How much cable a drum holds with freeboard f. */
export function calculateCapacity(input: CapacityInput, system: UnitSystem): WindingResult {
  return windBelowRim(input, input.freeboard, system);
}

/** How much cable is left on a drum whose free flange height is h. */
export function calculateRemaining(input: RemainingInput, system: UnitSystem): WindingResult {
  return windBelowRim(input, input.freeHeight, system);
}

/** A standard drum as the catalogue gives it (always millimetres and kilograms). */
export interface StandardDrum {
  code: string;
  flangeDiameterMm: number;
  barrelDiameterMm: number;
  innerWidthMm: number;
  tareKg: number;
  maxLoadKg: number;
}

export type RejectionReason =
  /** B < k·d: the cable would bend tighter than it may. */
  | 'barrelTooSmall'
  /** The practical capacity is below the requested length. */
  | 'capacityTooSmall'
  /** Cable plus tare exceed the drum's maximum load. */
  | 'overweight';

export interface DrumEvaluation {
  drum: StandardDrum;
  /** Practical capacity in the system's length unit. */
  practicalCapacity: number;
  /** The requested length's cable weight plus tare; undefined without the cable weight. */
  grossWeightKg: number | undefined;
  /** Minimum barrel diameter k·d, in the system's dimension unit. */
  minimumBarrel: number;
  /** Empty when the drum fits. */
  reasons: RejectionReason[];
}

export interface DrumChoiceInput {
  /** Requested length, in the system's length unit. */
  length: number;
  cable: CableData & { voltageKv: number; tapeShielded: boolean };
  /** f, in the system's dimension unit. */
  freeboard: number;
  efficiency: number;
}

export interface DrumChoiceResult {
  /** The smallest drum that fits; undefined when none does. */
  chosen: DrumEvaluation | undefined;
  /** Every drum that does not fit, smallest first, with all its reasons. */
  rejected: DrumEvaluation[];
  /** k of the barrel rule used. */
  bendingFactor: number;
}

/** Smallest first: by flange diameter, then traverse width, then code (stable for ties). */
function bySize(a: StandardDrum, b: StandardDrum): number {
  return (
    a.flangeDiameterMm - b.flangeDiameterMm ||
    a.innerWidthMm - b.innerWidthMm ||
    a.code.localeCompare(b.code)
  );
}

/** The smallest standard drum that holds the length, and why each smaller one does not. */
export function chooseDrum(
  input: DrumChoiceInput,
  drums: readonly StandardDrum[],
  system: UnitSystem,
): DrumChoiceResult {
  const dMm = toMillimetres(input.cable.diameter, system);
  const fMm = toMillimetres(input.freeboard, system);
  const lengthM = toMetres(input.length, system);
  const k = minimumBendingFactor(input.cable.voltageKv, input.cable.tapeShielded);
  const evaluations = [...drums].sort(bySize).map((drum): DrumEvaluation => {
    const depthMm = (drum.flangeDiameterMm - drum.barrelDiameterMm) / 2 - fMm;
    const practicalM =
      woundLengthMetres(depthMm, drum.barrelDiameterMm, drum.innerWidthMm, dMm) * input.efficiency;
    const gross = grossWeightKg(lengthM, input.cable.weightKgPerKm, drum.tareKg);
    const reasons: RejectionReason[] = [];
    if (drum.barrelDiameterMm < k * dMm) reasons.push('barrelTooSmall');
    if (practicalM < lengthM) reasons.push('capacityTooSmall');
    if (gross !== undefined && gross > drum.maxLoadKg) reasons.push('overweight');
    return {
      drum,
      practicalCapacity: fromMetres(practicalM, system),
      grossWeightKg: gross,
      minimumBarrel: fromMillimetres(k * dMm, system),
      reasons,
    };
  });
  const chosenIndex = evaluations.findIndex((evaluation) => evaluation.reasons.length === 0);
  return {
    chosen: chosenIndex === -1 ? undefined : evaluations[chosenIndex],
    rejected: evaluations.filter((evaluation) => evaluation.reasons.length > 0),
    bendingFactor: k,
  };
}
