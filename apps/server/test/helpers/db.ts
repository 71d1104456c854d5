import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, type Database } from '../../src/db/client';
import { databaseUrl } from './urls';

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase extends Database {
  name: string;
  /** Closes the pool and drops the database. */
  destroy(): Promise<void>;
}

/** A fresh database for one test file: a clone of the migrated template, or empty when asked. */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const name = `cm_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((c) =>
    c.query(
      options.empty
        ? `create database ${name}`
        : `create database ${name} template ${inject('templateDatabase')}`,
    ),
  );
  const url = databaseUrl(inject('pgAdminUrl'), name);
  const database = connect(url, { max: 5 });
  return {
    ...database,
    name,
    destroy: async () => {
      await database.close();
      await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
