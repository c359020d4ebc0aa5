import { rulesForRole, type Role } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildAbility } from '@/lib/ability';
import { landingPath, safeReturnPath } from './landing';

const origin = 'https://portal.example';
const abilityOf = (role: Role, siteIds: string[] | null = null) =>
  buildAbility(rulesForRole(role, siteIds) as Parameters<typeof buildAbility>[0]);

describe('safeReturnPath', () => {
  it('keeps a path of the site with its search and hash', () => {
    expect(safeReturnPath('/refill?tab=requests#top', origin)).toBe('/refill?tab=requests#top');
    expect(safeReturnPath('/backoffice/items/abc', origin)).toBe('/backoffice/items/abc');
  });

  it.each([
    ['another origin', 'https://evil.example/refill'],
    ['a protocol-relative address', '//evil.example'],
    ['a protocol-relative address with a path', '//evil.example/refill'],
    ['a backslash read as a slash', '/\\evil.example'],
    ['backslashes only', '\\\\evil.example'],
    ['a tab inside the slashes', '/\t/evil.example'],
    ['a new line inside the slashes', '/\n/evil.example'],
    ['a script address', 'javascript:alert(1)'],
    ['a relative path', 'refill'],
    ['an empty value', ''],
    ['no value', null],
    ['not text', { pathname: '/refill' }],
  ])('refuses %s', (_case, value) => {
    expect(safeReturnPath(value, origin)).toBeUndefined();
  });

  it('keeps encoded slashes and backslashes encoded, inside this origin', () => {
    // The browser does not decode them into an address: they stay a path of this site.
    expect(safeReturnPath('/%2F%2Fevil.example', origin)).toBe('/%2F%2Fevil.example');
    expect(safeReturnPath('/%5Cevil.example', origin)).toBe('/%5Cevil.example');
  });
});

describe('landingPath', () => {
  it.each([
    ['admin', '/refill'],
    ['buyer', '/refill'],
    ['viewer', '/refill'],
    ['agent', '/backoffice'],
    ['manager', '/backoffice'],
  ] as const)('sends a %s with no page to return to home, %s', (role, home) => {
    expect(landingPath(abilityOf(role), null, origin)).toBe(home);
  });

  it('sends a buyer limited to one site home too', () => {
    expect(
      landingPath(abilityOf('buyer', ['9d0c7f3e-1111-4c1e-9a51-0b8b2a6c1f00']), null, origin),
    ).toBe('/refill');
  });

  it('sends a customer who may not read drums to the spare parts, and one who may read nothing to their account', () => {
    const partsOnly = buildAbility([{ action: 'get', subject: 'spareparts' }]);
    expect(landingPath(partsOnly, null, origin)).toBe('/spareparts');
    expect(landingPath(buildAbility([]), null, origin)).toBe('/account');
  });

  it('returns to the page the user was sent away from when they may open it', () => {
    expect(landingPath(abilityOf('admin'), '/team', origin)).toBe('/team');
    expect(landingPath(abilityOf('viewer'), '/spareparts?q=gland', origin)).toBe(
      '/spareparts?q=gland',
    );
    expect(landingPath(abilityOf('agent'), '/backoffice/items/42', origin)).toBe(
      '/backoffice/items/42',
    );
    // An alias of a page is that page.
    expect(landingPath(abilityOf('buyer'), '/calculator', origin)).toBe('/calculator');
  });

  it('never returns to a page the user may not open: their home instead', () => {
    expect(landingPath(abilityOf('viewer'), '/team', origin)).toBe('/refill');
    expect(landingPath(abilityOf('buyer'), '/integration', origin)).toBe('/refill');
    expect(landingPath(abilityOf('admin'), '/backoffice/items/42', origin)).toBe('/refill');
    expect(landingPath(abilityOf('agent'), '/refill', origin)).toBe('/backoffice');
    expect(landingPath(abilityOf('agent'), '/team', origin)).toBe('/backoffice');
  });

  it('never returns to a page that is not a signed-in page of the app', () => {
    expect(landingPath(abilityOf('admin'), '/auth', origin)).toBe('/refill');
    expect(landingPath(abilityOf('admin'), '/signin/abc', origin)).toBe('/refill');
    expect(landingPath(abilityOf('admin'), '/', origin)).toBe('/refill');
    expect(landingPath(abilityOf('admin'), '/no-such-page', origin)).toBe('/refill');
  });

  it.each([
    '//evil.example',
    'https://evil.example',
    'https://evil.example/refill',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/%2f%2fevil.example/refill',
    '/%5Cevil.example',
    '%2F%2Fevil.example',
    'http:/evil.example',
    '/\t/evil.example',
  ])('never leaves the site for %s', (hostile) => {
    expect(landingPath(abilityOf('admin'), hostile, origin)).toBe('/refill');
    expect(landingPath(abilityOf('agent'), hostile, origin)).toBe('/backoffice');
  });
});
