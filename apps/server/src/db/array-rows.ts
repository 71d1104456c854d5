import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const dialect = new PgDialect();

/**
 * A query's rows as arrays (node-postgres `rowMode: 'array'`), for reads of tens of thousands of rows:
 * no object per row, and no JSON built by PostgreSQL and parsed again here.
 */
export async function arrayRows<T extends unknown[]>(db: Db, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await db.$client.query({ text, values: params, rowMode: 'array' });
  return result.rows as T[];
}
