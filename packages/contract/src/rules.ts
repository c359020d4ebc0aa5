/**
 * A CASL raw rule (action, subject, fields, conditions, inverted). Plain types and data, no zod: the SPA's entry chunk
 * reads the default rules, and must not pull the validation library in with them.
 */
export interface RawRule {
  action: string | string[];
  subject: string | string[];
  fields?: string | string[];
  conditions?: Record<string, unknown>;
  inverted?: boolean;
}

/** The default ability: get on refill and on spare parts. */
export const defaultRules: RawRule[] = [
  { action: 'get', subject: 'refill' },
  { action: 'get', subject: 'spareparts' },
];
