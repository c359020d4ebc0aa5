import type { Settings } from '../config/env';
import type { SeedStep } from './seed';
import { catalogSeedStep } from './seed/catalog-seed';
import { demoAccountSeedStep } from './seed/demo-account-seed';
import { demoEquipmentSeedStep, sparePartsSeedStep } from './seed/spare-parts-seed';

/** The seed steps, in order. The features add theirs (demo account, catalogue, …) here. */
export function seedSteps(settings: Settings): SeedStep[] {
  return [
    ...(settings.demoData
      ? [catalogSeedStep, demoAccountSeedStep(), sparePartsSeedStep, demoEquipmentSeedStep]
      : []),
  ];
}
