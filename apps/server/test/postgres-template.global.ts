import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { applyMigrations } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL database with every migration applied, to copy (test-server.ts). */
    postgresTemplateDatabase: string;
  }
}

/**
 * Global setup of the server tests on PostgreSQL: one database migrated per run, which each test
 * server copies (`create database … template …`, tens of milliseconds) instead of migrating its
 * own (a few hundred, for each of some 250 servers). Dropped when the run ends.
 */
export default async function setup(project: TestProject) {
  // eslint-disable-next-line no-restricted-properties -- the test harness picks its database here
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('the PostgreSQL server tests need TEST_DATABASE_URL');
  const name = `portal_test_template_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase(url.toString());
  try {
    await applyMigrations(database);
  } finally {
    await database.close();
  }
  project.provide('postgresTemplateDatabase', name);
  return () => admin(`drop database if exists ${name} with (force)`);
}
