import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CableProductListSchema, DrumTypeListSchema } from '@portal/contract';
import { loadSettings } from '../../config/env';
import { runSeedSteps } from '../../db/seed';
import { seedSteps } from '../../seed/seed-steps';
import { catalogSeedStep, cableReferences, standardDrums } from '../../seed/catalog-seed';
import { cableProducts, drumTypes } from '../../db/schema';
import { sessionCookie, tokenOf } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';

let server: TestServer;

beforeAll(async () => {
  // One server for the file: these routes only read, and a server start costs seconds.
  server = await startTestServer();
  // The test server runs no seed steps: the catalogue comes from the real step.
  await runSeedSteps(server.database.db, [catalogSeedStep]);
});

afterAll(async () => {
  await server.close();
});

let signedIn: Promise<string> | undefined;

/** One session for the file (sign-ups are rate-limited per address). */
function signIn(): Promise<string> {
  signedIn ??= openSession('calc@example.com');
  return signedIn;
}

async function openSession(email: string): Promise<string> {
  expect((await server.request('/api/users/signup', { json: { email } })).status).toBe(202);
  const [link] = await server.linksFor(email);
  const response = await server.request('/api/users/signin', {
    json: { hash: tokenOf(link ?? '') },
  });
  expect(response.status).toBe(200);
  return sessionCookie(response);
}

describe.each(['/api/catalog/products', '/api/catalog/drum-types'])('GET %s', (path) => {
  it('answers 401 without a session', async () => {
    const response = await server.request(path);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'auth.unauthenticated' });
  });

  it('answers 401 with an unknown session cookie', async () => {
    const cookie = (await signIn()).replace(/=.*$/, '=not-a-session');
    const response = await server.request(path, { headers: { cookie } });
    expect(response.status).toBe(401);
  });
});

describe('GET /api/catalog/products', () => {
  it('lists every seeded cable reference, grouped by family, with numbers as numbers', async () => {
    const cookie = await signIn();
    const response = await server.request('/api/catalog/products', { headers: { cookie } });
    expect(response.status).toBe(200);
    const products = CableProductListSchema.parse(await response.json());
    expect(products).toHaveLength(cableReferences.length);
    expect(products.length).toBeGreaterThanOrEqual(55);
    const families = products.map((product) => product.family);
    // Grouped: once a family ends it never comes back.
    const runs = families.filter((family, index) => family !== families[index - 1]);
    expect(new Set(runs).size).toBe(runs.length);
    expect(products.find((product) => product.reference === 'U1000R2V-3G2.5')).toMatchObject({
      family: 'U-1000 R2V',
      conductor: 'cu',
      crossSectionMm2: 2.5,
      voltageKv: 1,
      outerDiameterMm: 11,
      weightKgPerKm: 245,
      tapeShielded: false,
    });
    expect(products.filter((product) => product.tapeShielded).every((p) => p.voltageKv > 2)).toBe(
      true,
    );
  });
});

describe('GET /api/catalog/drum-types', () => {
  it('lists the 12 standard drums from the smallest flange to the largest', async () => {
    const cookie = await signIn();
    const response = await server.request('/api/catalog/drum-types', { headers: { cookie } });
    expect(response.status).toBe(200);
    const drums = DrumTypeListSchema.parse(await response.json());
    expect(drums).toHaveLength(12);
    expect(drums.map((drum) => drum.code)).toEqual(standardDrums.map((drum) => drum.code));
    const flanges = drums.map((drum) => drum.flangeDiameterMm);
    expect(flanges).toEqual([...flanges].sort((a, b) => a - b));
    expect(flanges[0]).toBe(800);
    expect(flanges.at(-1)).toBe(3200);
    for (const drum of drums) {
      expect(drum.barrelDiameterMm).toBeLessThan(drum.flangeDiameterMm);
      expect(drum.tareKg).toBeLessThan(drum.maxLoadKg);
    }
  });
});

describe('catalog seed step', () => {
  it('runs once: a second run inserts nothing more', async () => {
    expect(await runSeedSteps(server.database.db, [catalogSeedStep])).toEqual([]);
    // Even run by hand again, the unique references keep it from duplicating rows.
    await catalogSeedStep.run(server.database.db);
    expect(await server.database.db.select().from(drumTypes)).toHaveLength(12);
    expect(await server.database.db.select().from(cableProducts)).toHaveLength(
      cableReferences.length,
    );
  });

  it('is one of the start-up steps with demo data, and not without', () => {
    const names = (env: Record<string, string>) =>
      seedSteps(
        loadSettings({ DATABASE_URL: 'memory://', ...env }, { requireProductionServices: false }),
      ).map((step) => step.name);
    expect(names({})).toContain('catalog-v1');
    expect(names({ DEMO_DATA: 'false' })).not.toContain('catalog-v1');
    expect(names({ APP_ENV: 'prd' })).not.toContain('catalog-v1');
  });
});
