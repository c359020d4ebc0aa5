import pg from 'pg';

/** Runs one statement (such as `create database`) on the PostgreSQL server of `adminUrl`. */
export async function adminSql(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
