import { z } from 'zod';

/** Conductor metal of a cable: copper or aluminium. */
export const ConductorSchema = z.enum(['cu', 'al']);
export type Conductor = z.infer<typeof ConductorSchema>;

/**
 * A cable reference of the catalogue (GET /api/catalog/products). Lengths in millimetres,
 * weight in kilograms per kilometre, voltage in kilovolts (U, phase to phase).
 */
export const CableProductSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  family: z.string(),
  crossSectionMm2: z.number().positive(),
  conductor: ConductorSchema,
  voltageKv: z.number().positive(),
  outerDiameterMm: z.number().positive(),
  weightKgPerKm: z.number().positive(),
  /** Tape-shielded cables need a larger barrel (k = 14 in the drum choice). */
  tapeShielded: z.boolean(),
  designationFr: z.string(),
  designationEn: z.string(),
});
export type CableProduct = z.infer<typeof CableProductSchema>;

export const CableProductListSchema = z.array(CableProductSchema);
export type CableProductList = z.infer<typeof CableProductListSchema>;

/**
 * A standard drum (GET /api/catalog/drum-types): flange diameter A, barrel diameter B and inner
 * traverse width T in millimetres; tare and maximum load (gross) in kilograms.
 */
export const DrumTypeSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  flangeDiameterMm: z.number().positive(),
  barrelDiameterMm: z.number().positive(),
  innerWidthMm: z.number().positive(),
  tareKg: z.number().nonnegative(),
  maxLoadKg: z.number().positive(),
});
export type DrumType = z.infer<typeof DrumTypeSchema>;

export const DrumTypeListSchema = z.array(DrumTypeSchema);
export type DrumTypeList = z.infer<typeof DrumTypeListSchema>;
