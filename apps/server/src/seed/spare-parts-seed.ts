import { asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  equipmentModels,
  installedEquipment,
  partCategories,
  partCategoryGroups,
  partCompatibility,
  spareParts,
  sites,
} from '../db/schema';
import type { SeedStep } from '../db/seed';
import { searchColumn } from '../services/spareparts/search-text';
import { DEMO_ACCOUNT_ID } from '../db/demo-account';
import { seededRandom } from './demo-account-seed';

/** The demo catalogue's size (at least 5,000 parts). */
export const DEMO_PART_COUNT = 6000;

export const demoEquipmentModels = [
  { code: 'CP-30', nameFr: 'Treuil tireur CP-30', nameEn: 'Cable puller CP-30' },
  { code: 'CP-60', nameFr: 'Treuil tireur CP-60', nameEn: 'Cable puller CP-60' },
  { code: 'DT-5', nameFr: 'Remorque porte-touret DT-5', nameEn: 'Drum trailer DT-5' },
  { code: 'DT-12', nameFr: 'Remorque porte-touret DT-12', nameEn: 'Drum trailer DT-12' },
  { code: 'DJ-10', nameFr: 'Vérins de touret DJ-10', nameEn: 'Drum jacks DJ-10' },
  { code: 'CB-200', nameFr: 'Pousse-câble CB-200', nameEn: 'Cable pusher CB-200' },
  { code: 'RW-4', nameFr: 'Enrouleuse motorisée RW-4', nameEn: 'Powered rewinder RW-4' },
  { code: 'HP-7', nameFr: 'Centrale hydraulique HP-7', nameEn: 'Hydraulic power pack HP-7' },
  { code: 'TS-2', nameFr: 'Tensionneuse TS-2', nameEn: 'Tensioner TS-2' },
  { code: 'LM-3', nameFr: 'Dérouleuse de câble LM-3', nameEn: 'Cable laying machine LM-3' },
] as const;

type Noun = readonly [fr: string, en: string];

interface CategorySeed {
  code: string;
  /** Prefix of the category's part numbers. */
  prefix: string;
  nameFr: string;
  nameEn: string;
  nouns: readonly Noun[];
  /** A size or rating, the same in both languages. */
  spec: (random: () => number) => string;
  /** Price range in euros. */
  price: readonly [number, number];
}

const pick = <T>(random: () => number, values: readonly T[]): T =>
  values[Math.floor(random() * values.length)]!;
const between = (random: () => number, low: number, high: number) =>
  Math.round(low + random() * (high - low));

const groups: ReadonlyArray<{
  code: string;
  nameFr: string;
  nameEn: string;
  categories: readonly CategorySeed[];
}> = [
  {
    code: 'mechanical',
    nameFr: 'Mécanique',
    nameEn: 'Mechanical',
    categories: [
      {
        code: 'bearings',
        prefix: 'BRG',
        nameFr: 'Roulements',
        nameEn: 'Bearings',
        nouns: [
          ['Roulement à billes', 'Ball bearing'],
          ['Roulement à rouleaux coniques', 'Tapered roller bearing'],
          ['Palier à semelle', 'Pillow block bearing'],
          ['Roulement à aiguilles', 'Needle bearing'],
        ],
        spec: (r) =>
          `${pick(r, ['6204', '6205', '6206', '6305', '30207', 'UCP208'])}-${pick(r, ['2RS', 'ZZ', 'C3'])}`,
        price: [8, 160],
      },
      {
        code: 'gears',
        prefix: 'GER',
        nameFr: 'Engrenages et pignons',
        nameEn: 'Gears and sprockets',
        nouns: [
          ['Pignon droit', 'Spur gear'],
          ['Pignon à chaîne', 'Chain sprocket'],
          ['Couronne dentée', 'Ring gear'],
          ['Réducteur planétaire', 'Planetary gearbox'],
        ],
        spec: (r) => `Z${between(r, 12, 80)} m${pick(r, ['1.5', '2', '2.5', '3', '4'])}`,
        price: [25, 1400],
      },
      {
        code: 'brakes',
        prefix: 'BRK',
        nameFr: 'Freins',
        nameEn: 'Brakes',
        nouns: [
          ['Disque de frein', 'Brake disc'],
          ['Garniture de frein', 'Brake lining'],
          ['Étrier de frein', 'Brake caliper'],
          ['Frein à ressort', 'Spring-applied brake'],
        ],
        spec: (r) => `Ø${between(r, 12, 40) * 10} mm`,
        price: [30, 900],
      },
      {
        code: 'rollers',
        prefix: 'ROL',
        nameFr: 'Galets et poulies',
        nameEn: 'Rollers and pulleys',
        nouns: [
          ['Galet de guidage', 'Guide roller'],
          ['Poulie de renvoi', 'Return pulley'],
          ['Rouleau de pose', 'Cable laying roller'],
          ['Galet presseur', 'Pressure roller'],
        ],
        spec: (r) => `Ø${between(r, 6, 40) * 10} × ${between(r, 4, 30) * 5} mm`,
        price: [12, 480],
      },
    ],
  },
  {
    code: 'hydraulics',
    nameFr: 'Hydraulique',
    nameEn: 'Hydraulics',
    categories: [
      {
        code: 'pumps',
        prefix: 'PMP',
        nameFr: 'Pompes',
        nameEn: 'Pumps',
        nouns: [
          ['Pompe à engrenages', 'Gear pump'],
          ['Pompe à pistons', 'Piston pump'],
          ['Pompe manuelle', 'Hand pump'],
        ],
        spec: (r) => `${between(r, 2, 60)} cm³/tr`,
        price: [120, 2500],
      },
      {
        code: 'cylinders',
        prefix: 'CYL',
        nameFr: 'Vérins',
        nameEn: 'Cylinders',
        nouns: [
          ['Vérin double effet', 'Double-acting cylinder'],
          ['Vérin simple effet', 'Single-acting cylinder'],
          ['Kit de réparation de vérin', 'Cylinder repair kit'],
        ],
        spec: (r) => `${between(r, 4, 16) * 5}/${between(r, 2, 8) * 5} × ${between(r, 5, 60) * 10}`,
        price: [60, 1800],
      },
      {
        code: 'hoses',
        prefix: 'HOS',
        nameFr: 'Flexibles',
        nameEn: 'Hoses',
        nouns: [
          ['Flexible haute pression', 'High-pressure hose'],
          ['Raccord hydraulique', 'Hydraulic fitting'],
          ['Coupleur rapide', 'Quick coupler'],
        ],
        spec: (r) => `DN${pick(r, [6, 8, 10, 12, 16, 20, 25])} ${between(r, 2, 40) * 25} mm`,
        price: [6, 220],
      },
      {
        code: 'valves',
        prefix: 'VLV',
        nameFr: 'Distributeurs et valves',
        nameEn: 'Valves',
        nouns: [
          ['Distributeur à levier', 'Lever-operated valve'],
          ['Limiteur de pression', 'Pressure relief valve'],
          ['Clapet anti-retour', 'Check valve'],
          ['Électrodistributeur', 'Solenoid valve'],
        ],
        spec: (r) => `${pick(r, ['G1/4', 'G3/8', 'G1/2', 'G3/4'])} ${between(r, 10, 35) * 10} bar`,
        price: [25, 950],
      },
      {
        code: 'seals',
        prefix: 'SEL',
        nameFr: "Joints d'étanchéité",
        nameEn: 'Seals',
        nouns: [
          ['Joint torique', 'O-ring'],
          ['Joint de tige', 'Rod seal'],
          ['Joint racleur', 'Wiper seal'],
          ['Pochette de joints', 'Seal kit'],
        ],
        spec: (r) =>
          `${between(r, 8, 120)} × ${pick(r, ['2', '2.5', '3', '3.5', '5'])} ${pick(r, ['NBR', 'FKM', 'PU'])}`,
        price: [1.5, 90],
      },
    ],
  },
  {
    code: 'electrical',
    nameFr: 'Électrique',
    nameEn: 'Electrical',
    categories: [
      {
        code: 'motors',
        prefix: 'MOT',
        nameFr: 'Moteurs',
        nameEn: 'Motors',
        nouns: [
          ['Moteur asynchrone', 'Induction motor'],
          ['Motoréducteur', 'Geared motor'],
          ['Moteur hydraulique', 'Hydraulic motor'],
        ],
        spec: (r) => `${pick(r, ['0.75', '1.5', '2.2', '4', '5.5', '7.5', '11'])} kW`,
        price: [180, 2500],
      },
      {
        code: 'sensors',
        prefix: 'SNS',
        nameFr: 'Capteurs',
        nameEn: 'Sensors',
        nouns: [
          ['Capteur de force', 'Load cell'],
          ['Codeur incrémental', 'Incremental encoder'],
          ['Détecteur inductif', 'Inductive proximity sensor'],
          ['Capteur de pression', 'Pressure sensor'],
        ],
        spec: (r) =>
          `${pick(r, ['M8', 'M12', 'M18', 'M30'])} ${pick(r, ['PNP', 'NPN', '4-20 mA'])}`,
        price: [35, 780],
      },
      {
        code: 'switchgear',
        prefix: 'SWG',
        nameFr: 'Appareillage',
        nameEn: 'Switchgear',
        nouns: [
          ['Contacteur', 'Contactor'],
          ['Disjoncteur moteur', 'Motor circuit breaker'],
          ["Arrêt d'urgence", 'Emergency stop'],
          ['Fin de course', 'Limit switch'],
        ],
        spec: (r) => `${pick(r, [9, 12, 18, 25, 32, 40])} A ${pick(r, ['24 V', '230 V', '400 V'])}`,
        price: [14, 420],
      },
      {
        code: 'controls',
        prefix: 'CTL',
        nameFr: 'Commande et électronique',
        nameEn: 'Controls and electronics',
        nouns: [
          ['Carte de commande', 'Control board'],
          ['Télécommande radio', 'Radio remote control'],
          ['Afficheur de longueur', 'Length display'],
          ['Variateur de vitesse', 'Variable speed drive'],
        ],
        spec: (r) => `v${between(r, 1, 6)}.${between(r, 0, 9)}`,
        price: [90, 2400],
      },
    ],
  },
  {
    code: 'consumables',
    nameFr: 'Consommables',
    nameEn: 'Consumables',
    categories: [
      {
        code: 'filters',
        prefix: 'FLT',
        nameFr: 'Filtres',
        nameEn: 'Filters',
        nouns: [
          ['Filtre à huile', 'Oil filter'],
          ['Filtre à air', 'Air filter'],
          ['Cartouche filtrante hydraulique', 'Hydraulic filter element'],
        ],
        spec: (r) => `${pick(r, [10, 25, 60, 90])} µm`,
        price: [9, 140],
      },
      {
        code: 'lubricants',
        prefix: 'LUB',
        nameFr: 'Lubrifiants',
        nameEn: 'Lubricants',
        nouns: [
          ['Graisse lithium', 'Lithium grease'],
          ['Huile hydraulique', 'Hydraulic oil'],
          ['Lubrifiant de tirage', 'Cable pulling lubricant'],
        ],
        spec: (r) => `${pick(r, ['0.4 kg', '1 kg', '5 kg', '5 L', '20 L'])}`,
        price: [7, 260],
      },
      {
        code: 'fasteners',
        prefix: 'FST',
        nameFr: 'Visserie',
        nameEn: 'Fasteners',
        nouns: [
          ['Vis à tête hexagonale', 'Hex head bolt'],
          ['Écrou frein', 'Lock nut'],
          ['Goupille élastique', 'Spring pin'],
          ['Rondelle plate', 'Flat washer'],
        ],
        spec: (r) =>
          `M${pick(r, [6, 8, 10, 12, 16, 20])} × ${between(r, 2, 24) * 5} ${pick(r, ['8.8', '10.9', 'A4'])}`,
        price: [0.4, 12],
      },
      {
        code: 'wear-parts',
        prefix: 'WRP',
        nameFr: "Pièces d'usure",
        nameEn: 'Wear parts',
        nouns: [
          ["Patin d'usure", 'Wear pad'],
          ['Chenille de pousse-câble', 'Cable pusher track'],
          ['Bande de friction', 'Friction band'],
          ['Mâchoire de serrage', 'Clamping jaw'],
        ],
        spec: (r) => `${between(r, 4, 40) * 10} mm`,
        price: [11, 650],
      },
    ],
  },
];

const categorySeeds = groups.flatMap((group) => group.categories);

/** The category index, price, stock and compatibility of the part at `index`: always the same. */
function describePart(index: number, modelCount: number) {
  const random = seededRandom(index * 7919 + 104_729);
  const categoryIndex = Math.floor(random() * categorySeeds.length);
  const category = categorySeeds[categoryIndex]!;
  const noun = pick(random, category.nouns);
  const spec = category.spec(random);
  const [low, high] = category.price;
  // Log-uniform prices: many cheap parts, a few expensive ones.
  const unitPriceCents = Math.round(low * Math.pow(high / low, random()) * 100);
  const inStock = random() < 0.6;
  const compatible = new Set<number>();
  const compatibleCount = 1 + Math.floor(random() * 3);
  while (compatible.size < Math.min(compatibleCount, modelCount))
    compatible.add(Math.floor(random() * modelCount));
  return {
    categoryIndex,
    partNumber: `${category.prefix}-${String(index + 1).padStart(7, '0')}`,
    designationFr: `${noun[0]} ${spec}`,
    designationEn: `${noun[1]} ${spec}`,
    unitPriceCents,
    stock: inStock ? between(random, 1, 200) : 0,
    leadTimeDays: inStock ? 0 : between(random, 3, 60),
    compatible: [...compatible],
    /** Pairs (2k, 2k+1): about 3 % of even parts are replaced by the next one. */
    supersededByNext: index % 2 === 0 && random() < 0.03,
  };
}

const BATCH = 2000;

/**
 * Adds parts until the catalogue holds `total` (it never removes any). Parts are numbered from
 * their position, so a catalogue topped up to 100,000 starts with the same 6,000 as the demo.
 * Returns how many were added.
 */
export async function seedSpareParts(
  db: Database,
  total: number,
  onProgress?: (partsInCatalogue: number) => void,
): Promise<number> {
  const [{ existing } = { existing: 0 }] = await db.select({ existing: count() }).from(spareParts);
  const categories = await db
    .select({ id: partCategories.id, code: partCategories.code })
    .from(partCategories);
  const categoryIds = categorySeeds.map(
    (seed) => categories.find((category) => category.code === seed.code)?.id,
  );
  const models = await db
    .select({ id: equipmentModels.id })
    .from(equipmentModels)
    .orderBy(asc(equipmentModels.code));
  if (categoryIds.some((id) => !id) || models.length === 0)
    throw new Error('the spare-parts taxonomy must be seeded before the parts');

  for (let start = existing; start < total; start += BATCH) {
    const end = Math.min(start + BATCH, total);
    const described = Array.from({ length: end - start }, (_, offset) =>
      describePart(start + offset, models.length),
    );
    // A replacement is the same part in a newer revision: same category and designation.
    described.forEach((part, offset) => {
      const next = described[offset + 1];
      if (part.supersededByNext && next) {
        next.categoryIndex = part.categoryIndex;
        next.designationFr = part.designationFr;
        next.designationEn = part.designationEn;
        next.partNumber = `${categorySeeds[part.categoryIndex]!.prefix}-${next.partNumber.split('-')[1]}`;
      }
    });
    const ids = described.map(() => crypto.randomUUID());
    // One JSON parameter per batch instead of one parameter per value: the same rows go in
    // three to five times faster, which is most of a cold start with demo data on PGlite.
    const partRows = described.map((part, offset) => ({
      id: ids[offset]!,
      part_number: part.partNumber,
      designation_fr: part.designationFr,
      designation_en: part.designationEn,
      category_id: categoryIds[part.categoryIndex]!,
      unit_price_cents: part.unitPriceCents,
      stock: part.stock,
      lead_time_days: part.leadTimeDays,
      superseded_by_id:
        part.supersededByNext && offset + 1 < described.length ? ids[offset + 1]! : null,
      search_fr: searchColumn(part.designationFr),
      search_en: searchColumn(part.designationEn),
    }));
    await db.execute(sql`
      insert into ${spareParts} (id, part_number, designation_fr, designation_en, category_id,
        unit_price_cents, stock, lead_time_days, superseded_by_id, search_fr, search_en)
      select * from jsonb_to_recordset(${JSON.stringify(partRows)}::jsonb) as part(id uuid,
        part_number text, designation_fr text, designation_en text, category_id uuid,
        unit_price_cents integer, stock integer, lead_time_days integer, superseded_by_id uuid,
        search_fr text, search_en text)`);
    const compatibilityRows = described.flatMap((part, offset) =>
      part.compatible.map((modelIndex) => ({
        part_id: ids[offset]!,
        model_id: models[modelIndex]!.id,
      })),
    );
    await db.execute(sql`
      insert into ${partCompatibility} (part_id, model_id)
      select * from jsonb_to_recordset(${JSON.stringify(compatibilityRows)}::jsonb)
        as compatibility(part_id uuid, model_id uuid)`);
    onProgress?.(end);
  }
  // PGlite has no autovacuum: take fresh statistics, so the planner knows how many parts a word
  // has (the word index is filled by the spare_parts trigger, migration 0006).
  await db.execute(sql`analyze spare_parts`);
  await db.execute(sql`analyze spare_part_words`);
  await db.execute(sql`analyze part_compatibility`);
  return Math.max(0, total - existing);
}

/** Category groups, categories and equipment models: the catalogue's fixed taxonomy. */
export async function seedSparePartTaxonomy(db: Database): Promise<void> {
  await db
    .insert(equipmentModels)
    .values([...demoEquipmentModels])
    .onConflictDoNothing();
  for (const [position, group] of groups.entries()) {
    const [row] = await db
      .insert(partCategoryGroups)
      .values({ code: group.code, nameFr: group.nameFr, nameEn: group.nameEn, position })
      .onConflictDoUpdate({ target: partCategoryGroups.code, set: { position } })
      .returning({ id: partCategoryGroups.id });
    await db
      .insert(partCategories)
      .values(
        group.categories.map(({ code, nameFr, nameEn }) => ({
          groupId: row!.id,
          code,
          nameFr,
          nameEn,
        })),
      )
      .onConflictDoNothing();
  }
}

/** The demo catalogue: the taxonomy and 6,000 parts. */
export const sparePartsSeedStep: SeedStep = {
  name: 'spare-parts-v1',
  async run(db) {
    await seedSparePartTaxonomy(db);
    await seedSpareParts(db, DEMO_PART_COUNT);
  },
};

/** The demo account's installed units (about 8), spread over its three sites. */
export const demoEquipmentSeedStep: SeedStep = {
  name: 'demo-equipment-v1',
  async run(db) {
    const models = await db
      .select({ id: equipmentModels.id, code: equipmentModels.code })
      .from(equipmentModels);
    const demoSites = await db
      .select({ id: sites.id })
      .from(sites)
      .where(eq(sites.accountId, DEMO_ACCOUNT_ID))
      .orderBy(asc(sites.name));
    const units = ['CP-30', 'CP-60', 'DT-5', 'DT-12', 'DJ-10', 'CB-200', 'HP-7', 'LM-3'];
    await db.insert(installedEquipment).values(
      units.map((code, index) => ({
        accountId: DEMO_ACCOUNT_ID,
        modelId: models.find((model) => model.code === code)!.id,
        siteId: demoSites[index % demoSites.length]!.id,
        serial: `${code}-${String(2019 + (index % 6))}-${String(1040 + index * 37).padStart(5, '0')}`,
      })),
    );
  },
};
