import { cableProducts, drumTypes } from '../db/catalog-schema';
import type { SeedStep } from '../db/seed';

type NewCableProduct = typeof cableProducts.$inferInsert;
type NewDrumType = typeof drumTypes.$inferInsert;

/**
 * The 12 standard drums. Proportions follow common wooden cable drums: the barrel
 * is a little over half the flange, the traverse grows with the size, and the maximum gross load
 * is what the flanges and the axle hole are rated for.
 */
export const standardDrums: readonly NewDrumType[] = [
  {
    code: 'T08',
    flangeDiameterMm: 800,
    barrelDiameterMm: 400,
    innerWidthMm: 450,
    tareKg: 35,
    maxLoadKg: 750,
  },
  {
    code: 'T10',
    flangeDiameterMm: 1000,
    barrelDiameterMm: 500,
    innerWidthMm: 550,
    tareKg: 60,
    maxLoadKg: 1200,
  },
  {
    code: 'T11',
    flangeDiameterMm: 1100,
    barrelDiameterMm: 560,
    innerWidthMm: 600,
    tareKg: 75,
    maxLoadKg: 1500,
  },
  {
    code: 'T12',
    flangeDiameterMm: 1250,
    barrelDiameterMm: 630,
    innerWidthMm: 650,
    tareKg: 110,
    maxLoadKg: 2000,
  },
  {
    code: 'T14',
    flangeDiameterMm: 1400,
    barrelDiameterMm: 710,
    innerWidthMm: 750,
    tareKg: 150,
    maxLoadKg: 2800,
  },
  {
    code: 'T16',
    flangeDiameterMm: 1600,
    barrelDiameterMm: 800,
    innerWidthMm: 850,
    tareKg: 210,
    maxLoadKg: 3800,
  },
  {
    code: 'T18',
    flangeDiameterMm: 1800,
    barrelDiameterMm: 1000,
    innerWidthMm: 1000,
    tareKg: 300,
    maxLoadKg: 5000,
  },
  {
    code: 'T20',
    flangeDiameterMm: 2000,
    barrelDiameterMm: 1120,
    innerWidthMm: 1050,
    tareKg: 400,
    maxLoadKg: 6500,
  },
  {
    code: 'T22',
    flangeDiameterMm: 2200,
    barrelDiameterMm: 1250,
    innerWidthMm: 1150,
    tareKg: 520,
    maxLoadKg: 8000,
  },
  {
    code: 'T24',
    flangeDiameterMm: 2400,
    barrelDiameterMm: 1400,
    innerWidthMm: 1250,
    tareKg: 680,
    maxLoadKg: 10000,
  },
  {
    code: 'T28',
    flangeDiameterMm: 2800,
    barrelDiameterMm: 1600,
    innerWidthMm: 1400,
    tareKg: 950,
    maxLoadKg: 13000,
  },
  {
    code: 'T32',
    flangeDiameterMm: 3200,
    barrelDiameterMm: 1800,
    innerWidthMm: 1600,
    tareKg: 1300,
    maxLoadKg: 18000,
  },
];

interface FamilySpec {
  family: string;
  /** Reference prefix, followed by the core layout (e.g. `3G2.5`). */
  prefix: string;
  conductor: 'cu' | 'al';
  voltageKv: number;
  tapeShielded: boolean;
  designationFr: string;
  designationEn: string;
  /** Core layout, conductor cross-section (mm²), outer diameter (mm), weight (kg/km). */
  sizes: ReadonlyArray<readonly [string, number, number, number]>;
}

// Dimensions are typical manufacturers' data sheet values, rounded; a fixed list keeps the seed
// deterministic (the same ids are not needed, the same references and values are).
const families: readonly FamilySpec[] = [
  {
    family: 'U-1000 R2V',
    prefix: 'U1000R2V',
    conductor: 'cu',
    voltageKv: 1,
    tapeShielded: false,
    designationFr: 'Câble rigide cuivre 0,6/1 kV, isolant PR, gaine PVC',
    designationEn: 'Rigid copper cable 0.6/1 kV, XLPE insulation, PVC sheath',
    sizes: [
      ['3G1.5', 1.5, 10, 190],
      ['3G2.5', 2.5, 11, 245],
      ['3G4', 4, 12.5, 330],
      ['3G6', 6, 13.5, 420],
      ['3G10', 10, 16, 620],
      ['3G16', 16, 18, 880],
      ['4G1.5', 1.5, 10.5, 220],
      ['4G2.5', 2.5, 11.8, 290],
      ['4G4', 4, 13.5, 400],
      ['4G6', 6, 14.8, 520],
      ['4G10', 10, 17.5, 780],
      ['4G16', 16, 20, 1120],
      ['4G25', 25, 24, 1650],
      ['4G35', 35, 26.5, 2150],
      ['5G1.5', 1.5, 11.5, 260],
      ['5G2.5', 2.5, 12.8, 350],
      ['5G4', 4, 14.8, 490],
      ['5G6', 6, 16.2, 640],
      ['5G10', 10, 19, 960],
      ['5G16', 16, 22, 1400],
    ],
  },
  {
    family: 'H07RN-F',
    prefix: 'H07RNF',
    conductor: 'cu',
    voltageKv: 0.75,
    tapeShielded: false,
    designationFr: 'Câble souple cuivre 450/750 V, caoutchouc, gaine polychloroprène',
    designationEn: 'Flexible copper cable 450/750 V, rubber, polychloroprene sheath',
    sizes: [
      ['3G1.5', 1.5, 10.5, 190],
      ['3G2.5', 2.5, 12.5, 270],
      ['4G1.5', 1.5, 11.5, 230],
      ['4G2.5', 2.5, 13.5, 320],
      ['4G4', 4, 15.5, 450],
      ['4G6', 6, 17.5, 590],
      ['4G10', 10, 23, 1000],
      ['4G16', 16, 26, 1400],
      ['5G1.5', 1.5, 12.5, 280],
      ['5G2.5', 2.5, 14.5, 390],
      ['5G4', 4, 17, 560],
      ['5G6', 6, 19, 730],
    ],
  },
  {
    family: 'AR2V',
    prefix: 'AR2V',
    conductor: 'al',
    voltageKv: 1,
    tapeShielded: false,
    designationFr: 'Câble rigide aluminium 0,6/1 kV, isolant PR, gaine PVC',
    designationEn: 'Rigid aluminium cable 0.6/1 kV, XLPE insulation, PVC sheath',
    sizes: [
      ['1x50', 50, 13, 240],
      ['1x70', 70, 14.5, 320],
      ['1x95', 95, 16, 410],
      ['1x120', 120, 17.5, 500],
      ['1x150', 150, 19.5, 620],
      ['1x185', 185, 21, 740],
      ['1x240', 240, 24, 950],
      ['1x300', 300, 26.5, 1170],
      ['4x35', 35, 24, 780],
      ['4x50', 50, 27.5, 1050],
      ['4x95', 95, 36, 1750],
      ['4x150', 150, 44, 2600],
    ],
  },
  {
    family: 'NF C 33-226 HTA',
    prefix: 'C33226',
    conductor: 'al',
    voltageKv: 20,
    tapeShielded: true,
    designationFr: 'Câble HTA aluminium 12/20 kV, isolant PR, écran en ruban',
    designationEn: 'MV aluminium cable 12/20 kV, XLPE insulation, tape screen',
    sizes: [
      ['1x50', 50, 28, 850],
      ['1x95', 95, 31, 1050],
      ['1x150', 150, 34, 1300],
      ['1x240', 240, 38.5, 1700],
      ['3x1x50', 50, 61, 2600],
      ['3x1x95', 95, 67, 3200],
      ['3x1x150', 150, 73.5, 3950],
      ['3x1x240', 240, 83.5, 5200],
    ],
  },
  {
    family: 'H05VV-F',
    prefix: 'H05VVF',
    conductor: 'cu',
    voltageKv: 0.5,
    tapeShielded: false,
    designationFr: 'Câble souple cuivre 300/500 V, isolant et gaine PVC',
    designationEn: 'Flexible copper cable 300/500 V, PVC insulation and sheath',
    sizes: [
      ['2x0.75', 0.75, 6.2, 55],
      ['2x1', 1, 6.6, 65],
      ['3G0.75', 0.75, 6.6, 65],
      ['3G1', 1, 7, 78],
      ['3G1.5', 1.5, 8, 105],
      ['3G2.5', 2.5, 9.6, 160],
      ['4G1.5', 1.5, 8.8, 130],
      ['5G1.5', 1.5, 9.6, 155],
    ],
  },
];

/** The ~60 cable references, flattened from the families above. */
export const cableReferences: readonly NewCableProduct[] = families.flatMap((spec) =>
  spec.sizes.map(([layout, crossSectionMm2, outerDiameterMm, weightKgPerKm]) => ({
    reference: `${spec.prefix}-${layout}`,
    family: spec.family,
    crossSectionMm2,
    conductor: spec.conductor,
    voltageKv: spec.voltageKv,
    outerDiameterMm,
    weightKgPerKm,
    tapeShielded: spec.tapeShielded,
    designationFr: `${spec.family} ${layout.replace('.', ',')} mm² – ${spec.designationFr}`,
    designationEn: `${spec.family} ${layout} mm² – ${spec.designationEn}`,
  })),
);

/**
 * Inserts the standard drums and cable references. `runSeedSteps` runs it once per database;
 * `onConflictDoNothing` also keeps it harmless on a database that already holds some rows.
 */
export const catalogSeedStep: SeedStep = {
  name: 'catalog-v1',
  async run(db) {
    await db
      .insert(drumTypes)
      .values([...standardDrums])
      .onConflictDoNothing();
    await db
      .insert(cableProducts)
      .values([...cableReferences])
      .onConflictDoNothing();
  },
};
