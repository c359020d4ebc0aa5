import type { Settings } from '../config/env';
import type { SeedStep } from '../db/seed';
import { catalogSeedStep } from './catalog-seed';
import { demoAccountSeedStep, demoAccountTodayStep } from './demo-account-seed';
import { demoProposalSeedStep } from './demo-proposal-seed';
import { demoRegistrationSeedStep } from './demo-registration-seed';
import { demoStaffSeedStep, demoTeamSeedStep } from './demo-team-seed';
import { demoWorkSeedStep } from './demo-work-seed';
import { demoEquipmentSeedStep, sparePartsSeedStep } from './spare-parts-seed';

/** The seed steps, in order. The features add theirs (demo account, catalogue, …) here. */
export function seedSteps(settings: Settings): SeedStep[] {
  return [
    ...(settings.demoData
      ? [
          catalogSeedStep,
          demoAccountSeedStep(),
          demoAccountTodayStep(),
          sparePartsSeedStep,
          demoEquipmentSeedStep,
          demoTeamSeedStep(),
        ]
      : []),
    // Staff users only where nobody could mistake them for real ones.
    ...(settings.demoData && settings.appEnv === 'dev'
      ? [
          demoStaffSeedStep,
          demoRegistrationSeedStep,
          demoWorkSeedStep(),
          demoProposalSeedStep(settings),
        ]
      : []),
  ];
}
