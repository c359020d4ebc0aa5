import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import { useMemo } from 'react';
import { useAppStore } from './app-store';

/** `get` reads; `order` requests, orders and writes to customer service; `manage` is every action. */
export type Action = 'get' | 'order' | 'create' | 'update' | 'delete' | 'manage' | 'work' | 'print';
export type Subject =
  | 'refill'
  | 'spareparts'
  | 'calculator'
  | 'alerts'
  | 'team'
  | 'audit'
  | 'integration'
  | 'labels'
  | 'backoffice'
  | 'staff'
  | 'accounts'
  | 'all';
export type AppAbility = MongoAbility<[Action, Subject]>;

/** Builds the CASL ability from the raw rules of the profile. */
export function buildAbility(rules: RawRuleOf<AppAbility>[]): AppAbility {
  return createMongoAbility<[Action, Subject]>(rules);
}

export function useAbility(): AppAbility {
  const rules = useAppStore((state) => state.rules);
  return useMemo(() => buildAbility(rules as RawRuleOf<AppAbility>[]), [rules]);
}
