import type { Db } from './client';

/**
 * A statement built and prepared once per database handle (Drizzle's `.prepare(name)`), for queries on
 * every request's path: the SQL is not rebuilt and PostgreSQL plans it once per connection.
 */
export function preparedPerDb<T>(prepare: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = prepare(db)));
    return statement;
  };
}
