import { describe, expect, it } from 'vitest';
import { defaultRules } from '@portal/contract';
import { buildAbility } from './ability';
import type { RawRuleOf } from '@casl/ability';
import type { AppAbility } from './ability';

const rules = (list: unknown[]) => list as RawRuleOf<AppAbility>[];

describe('ability', () => {
  it('the default ability grants get on refill and spareparts only', () => {
    const ability = buildAbility(rules(defaultRules));
    expect(ability.can('get', 'refill')).toBe(true);
    expect(ability.can('get', 'spareparts')).toBe(true);
    expect(ability.can('update', 'refill')).toBe(false);
    expect(ability.can('get', 'calculator')).toBe(false);
  });

  it('no rules (signed out) grants nothing', () => {
    const ability = buildAbility([]);
    expect(ability.can('get', 'refill')).toBe(false);
    expect(ability.can('get', 'spareparts')).toBe(false);
  });

  it('honours inverted rules', () => {
    const ability = buildAbility(
      rules([
        { action: 'manage', subject: 'all' },
        { action: 'get', subject: 'refill', inverted: true },
      ]),
    );
    expect(ability.can('get', 'refill')).toBe(false);
    expect(ability.can('get', 'spareparts')).toBe(true);
  });
});
