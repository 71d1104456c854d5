import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from '../index';

/** Bodies of every shape a client can send as JSON, none of them the object a form would. */
const ODD: ReadonlyArray<readonly [string, unknown]> = [
  ['null', null],
  ['undefined', undefined],
  ['an array', []],
  ['an array of objects', [{ from_country: 'us' }]],
  ['a number', 42],
  ['a string', 'text'],
  ['true', true],
  ['an empty object', {}],
  ['nested nulls', { settings: null, pricing_rules: [null], filters: null, from_country: null }],
];

describe('every domain schema', () => {
  it('refuses odd bodies with issues, never by throwing', () => {
    const schemas = (Object.entries(domain) as [string, unknown][]).filter(
      (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
    );
    expect(schemas.length).toBeGreaterThan(30);
    const thrown: string[] = [];
    for (const [name, schema] of schemas) {
      for (const [what, value] of ODD) {
        try {
          schema.safeParse(value);
        } catch (error) {
          thrown.push(`${name} on ${what}: ${(error as Error).message}`);
        }
      }
    }
    expect(thrown).toEqual([]);
  });
});
