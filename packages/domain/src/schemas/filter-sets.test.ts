import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { encodeFilters, MAX_ENCODED_FILTERS_LENGTH } from '../filters/codec';
import { englishMessage } from '../i18n';
import {
  filterSetCreateSchema,
  filterSetListSchema,
  filterSetSchema,
  filterSetUpdateSchema,
} from './filter-sets';

const content = encodeFilters([
  { id: 'cross_buy_price', value: { min: 5, max: 50 } },
  { id: 'cross_coupons', value: 'percent' },
]);

/** Each issue as `path: key`, so a test names the field and the rule at once. */
function issues(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('filterSetCreateSchema', () => {
  it('accepts a named set of decodable filters and trims the name', () => {
    expect(filterSetCreateSchema.parse({ name: '  Cheap toys ', content })).toEqual({
      name: 'Cheap toys',
      content,
    });
  });

  it('drops a filters count sent by the client (the server computes it)', () => {
    expect(filterSetCreateSchema.parse({ name: 'a', content, filters_count: 99 })).not.toHaveProperty(
      'filters_count',
    );
  });

  it('refuses a missing, blank or too long name', () => {
    expect(issues(filterSetCreateSchema, { content })).toEqual(['name: validation.filterSet.name']);
    expect(issues(filterSetCreateSchema, { name: '   ', content })).toEqual([
      'name: validation.filterSet.name',
    ]);
    expect(issues(filterSetCreateSchema, { name: 'x'.repeat(101), content })).toEqual([
      'name: validation.filterSet.nameTooLong',
    ]);
    expect(filterSetCreateSchema.safeParse({ name: 'x'.repeat(100), content }).success).toBe(true);
  });

  it('refuses empty content and filters that decode to nothing', () => {
    expect(issues(filterSetCreateSchema, { name: 'a', content: '' })).toEqual([
      'content: validation.filterSet.atLeastOne',
    ]);
    expect(issues(filterSetCreateSchema, { name: 'a', content: encodeFilters([]) })).toEqual([
      'content: validation.filterSet.atLeastOne',
    ]);
  });

  it("refuses malformed or too long content with the codec's message", () => {
    expect(issues(filterSetCreateSchema, { name: 'a', content: 'not base64!' })).toEqual([
      'content: validation.filters.malformed',
    ]);
    expect(issues(filterSetCreateSchema, { name: 'a', content: 'AAAA' })).toEqual([
      'content: validation.filters.malformed',
    ]);
    expect(issues(filterSetCreateSchema, { name: 'a', content: 42 })).toEqual([
      'content: validation.filters.malformed',
    ]);
    expect(
      issues(filterSetCreateSchema, { name: 'a', content: 'A'.repeat(MAX_ENCODED_FILTERS_LENGTH + 1) }),
    ).toEqual(['content: validation.filters.tooLong']);
    expect(issues(filterSetCreateSchema, { name: 'a' })).toEqual(['content: validation.filters.malformed']);
  });

  it('speaks English through the i18n keys', () => {
    expect(englishMessage('validation.filterSet.name')).toBe('Please input filter set name.');
    expect(englishMessage('validation.filterSet.atLeastOne')).toBe('At least 1 filter must be activated.');
  });
});

describe('filterSetUpdateSchema', () => {
  it('takes a name, content or both', () => {
    expect(filterSetUpdateSchema.parse({ name: ' New ' })).toEqual({ name: 'New' });
    expect(filterSetUpdateSchema.parse({ content })).toEqual({ content });
    expect(filterSetUpdateSchema.parse({ name: 'New', content })).toEqual({ name: 'New', content });
  });

  it('refuses an empty patch and applies the same field rules', () => {
    expect(issues(filterSetUpdateSchema, {})).toEqual([': validation.filterSet.nothingToUpdate']);
    expect(issues(filterSetUpdateSchema, { name: '' })).toEqual(['name: validation.filterSet.name']);
    expect(issues(filterSetUpdateSchema, { content: '' })).toEqual([
      'content: validation.filterSet.atLeastOne',
    ]);
  });
});

describe('filterSetSchema', () => {
  const row = {
    id: '3f1c1a56-5b7e-4d8a-9f55-0a8d4b2c9e11',
    name: 'Cheap toys',
    content,
    filters_count: 2,
    created_at: '2026-01-02T03:04:05.678Z',
  };

  it('describes what the API answers', () => {
    expect(filterSetListSchema.parse([row])).toEqual([row]);
    expect(filterSetSchema.safeParse({ ...row, id: 'nope' }).success).toBe(false);
    expect(filterSetSchema.safeParse({ ...row, created_at: 'yesterday' }).success).toBe(false);
  });
});
