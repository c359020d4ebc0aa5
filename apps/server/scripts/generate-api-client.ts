/**
 * Writes the machines' API types (packages/contract/src/machine-api/v1.ts) from the document a
 * server built from this tree serves, on an in-memory database. `npm run generate:api-client`;
 * the drift test (src/http/openapi.test.ts) fails while the committed file differs.
 */
import { writeFile } from 'node:fs/promises';
import { buildApp } from '../src/app';
import { loadSettings } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { applyMigrations } from '../src/db/migrate';
import { machineApiTypes, machineApiTypesPath } from './machine-api-types';

const settings = loadSettings(
  { LOG_LEVEL: 'silent', DATABASE_URL: 'memory://', PUBLIC_URL: 'http://127.0.0.1:3000' },
  { requireProductionServices: false },
);
const database = await openDatabase(settings.databaseUrl);
await applyMigrations(database);
const app = await buildApp({ settings, database, startMailWorker: false });
const answer = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
await writeFile(machineApiTypesPath, await machineApiTypes(answer.json()));
await app.close();
console.log(`wrote ${machineApiTypesPath}`);
