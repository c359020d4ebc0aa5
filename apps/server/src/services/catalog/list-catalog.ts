import { asc } from 'drizzle-orm';
import type { CableProduct, DrumType } from '@portal/contract';
import type { Database } from '../../db/client';
import { cableProducts, drumTypes } from '../../db/schema';

/** Cable references grouped by family, then by size, so the web dropdown can group them as is. */
export async function listCableProducts(db: Database): Promise<CableProduct[]> {
  return db
    .select()
    .from(cableProducts)
    .orderBy(
      asc(cableProducts.family),
      asc(cableProducts.outerDiameterMm),
      asc(cableProducts.reference),
    );
}

/** Standard drums from the smallest to the largest: the drum choice takes the first that fits. */
export async function listDrumTypes(db: Database): Promise<DrumType[]> {
  return db
    .select()
    .from(drumTypes)
    .orderBy(asc(drumTypes.flangeDiameterMm), asc(drumTypes.innerWidthMm), asc(drumTypes.code));
}
