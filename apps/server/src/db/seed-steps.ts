import type { Settings } from '../config/env';
import type { SeedStep } from './seed';

/** The seed steps, in order. The features add theirs (demo account, catalogue, …) here. */
export function seedSteps(_settings: Settings): SeedStep[] {
  return [];
}
