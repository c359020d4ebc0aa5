import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import { useMemo } from 'react';
import { useAppStore } from './app-store';

export type Action = 'get' | 'create' | 'update' | 'delete' | 'manage';
export type Subject = 'refill' | 'spareparts' | 'calculator' | 'all';
export type AppAbility = MongoAbility<[Action, Subject]>;

/** Builds the CASL ability from the raw rules of the profile (spec §3 permission rule). */
export function buildAbility(rules: RawRuleOf<AppAbility>[]): AppAbility {
  return createMongoAbility<[Action, Subject]>(rules);
}

export function useAbility(): AppAbility {
  const rules = useAppStore((state) => state.rules);
  return useMemo(() => buildAbility(rules as RawRuleOf<AppAbility>[]), [rules]);
}
