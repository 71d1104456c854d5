import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../src/db/client';
import { executeNamed } from '../src/db/prepared';
import { createTestDatabase, type TestDatabase } from './helpers/db';

// A named statement is prepared once per connection: a second text under the same base name must get a
// name of its own (PostgreSQL would refuse to reuse a name for another text on the same connection).

let database: TestDatabase;
let single: Database;
beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
  // One connection: every call below meets the statements the previous ones prepared.
  single = connect(database.url, { max: 1 });
});
afterAll(async () => {
  await single.close();
  await database.destroy();
});

describe('executeNamed', () => {
  it('answers as an unnamed statement does, call after call, with other parameters', async () => {
    for (const n of [1, 2, 3, 7, 11, 20]) {
      const query = sql`select g as n, ${`x${n}`}::text as label from generate_series(1, ${n}::int) g`;
      const named = await executeNamed<{ n: number; label: string }>(single.db, 'test_series', query);
      const plain = await single.db.execute<{ n: number; label: string }>(query);
      expect(named.rows).toEqual(plain.rows);
      expect(named.rows).toHaveLength(n);
    }
  });

  it('gives another text under the same base name a name of its own', async () => {
    const a = await executeNamed<{ v: number }>(single.db, 'test_same', sql`select ${1}::int as v`);
    const b = await executeNamed<{ v: string }>(single.db, 'test_same', sql`select ${'b'}::text || 'c' as v`);
    const again = await executeNamed<{ v: number }>(single.db, 'test_same', sql`select ${5}::int as v`);
    expect([a.rows[0]!.v, b.rows[0]!.v, again.rows[0]!.v]).toEqual([1, 'bc', 5]);
    const prepared = await single.db.execute<{ name: string }>(
      sql`select name from pg_prepared_statements where name like 'test_same_%' order by name`,
    );
    expect(prepared.rows).toHaveLength(2);
  });
});
