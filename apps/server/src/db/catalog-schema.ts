import { boolean, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Cable references the calculator picks from (`/api/catalog/products`).
 * Dimensions are numeric (exact decimals) but read as JS numbers: they feed floating-point
 * formulas anyway, and the values stay far below 2^53.
 */
export const cableProducts = pgTable('cable_products', {
  id: uuid('id').primaryKey().defaultRandom(),
  reference: text('reference').notNull().unique(),
  family: text('family').notNull(),
  crossSectionMm2: numeric('cross_section_mm2', { mode: 'number' }).notNull(),
  conductor: text('conductor', { enum: ['cu', 'al'] }).notNull(),
  voltageKv: numeric('voltage_kv', { mode: 'number' }).notNull(),
  outerDiameterMm: numeric('outer_diameter_mm', { mode: 'number' }).notNull(),
  weightKgPerKm: numeric('weight_kg_per_km', { mode: 'number' }).notNull(),
  tapeShielded: boolean('tape_shielded').notNull().default(false),
  designationFr: text('designation_fr').notNull(),
  designationEn: text('designation_en').notNull(),
});

/** Standard drums: A flange diameter, B barrel diameter, T inner traverse width. */
export const drumTypes = pgTable('drum_types', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  flangeDiameterMm: integer('flange_diameter_mm').notNull(),
  barrelDiameterMm: integer('barrel_diameter_mm').notNull(),
  innerWidthMm: integer('inner_width_mm').notNull(),
  tareKg: integer('tare_kg').notNull(),
  maxLoadKg: integer('max_load_kg').notNull(),
});
