import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryArray } from '../src/db/binary-array';
import { createTestDatabase, type TestDatabase } from './helpers/db';

// The binary arrays are read by PostgreSQL's own array_recv: what comes back must be what was sent.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
});
afterAll(() => database.destroy());

async function roundTrip<T>(buffer: Buffer, type: 'float8' | 'boolean' | 'text'): Promise<T[]> {
  const result = await database.db.execute<{ a: T[] }>(
    sql`select ${sql.param(buffer)}::${sql.raw(type)}[] as a`,
  );
  return result.rows[0]!.a;
}

describe('binaryArray', () => {
  it('sends float8 values exactly, nulls included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null }), {
          minLength: 1,
          maxLength: 200,
        }),
        async (values) => {
          const back = await roundTrip<number | null>(binaryArray('float8', values), 'float8');
          // PostgreSQL has no negative zero in text output; compare as numbers.
          expect(back.map((v) => (v === 0 ? 0 : v))).toEqual(values.map((v) => (v === 0 ? 0 : v)));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('sends booleans and text, including characters that are special in array literals', async () => {
    expect(await roundTrip<boolean>(binaryArray('boolean', [true, false, true]), 'boolean')).toEqual([
      true,
      false,
      true,
    ]);
    const texts = [
      'plain',
      '',
      'a,b',
      '{braces}',
      '"quoted"',
      'back\\slash',
      'NULL',
      'çğıöşü 日本',
      ' spaced ',
    ];
    expect(await roundTrip<string>(binaryArray('text', texts), 'text')).toEqual(texts);
    expect(await roundTrip<string | null>(binaryArray('text', ['x', null]), 'text')).toEqual(['x', null]);
  });

  it('sends an empty array', async () => {
    expect(await roundTrip<number>(binaryArray('float8', []), 'float8')).toEqual([]);
  });
});
