import { SUPPLIER_HEADER, supplierRows } from '@crossmarket/domain/testing';
import { describe, expect, it } from 'vitest';
import { checkDraft, EMPTY_DRAFT } from './supplier-list-fields';

const grid = [SUPPLIER_HEADER, ...supplierRows(5), ['036000291453', 'bad', '1.00']];

describe('the supplier list mapping, checked as the seller maps it', () => {
  it('names the missing cost column on its field, and reads nothing until it is chosen', () => {
    const check = checkDraft({ ...EMPTY_DRAFT, grid, mapping: { ...EMPTY_DRAFT.mapping, identifier: 0 } });
    expect(check.mapping).toBeNull();
    expect(check.errors).toEqual({ cost: 'validation.supplier.costColumn' });
    expect(check.read).toBeNull();
  });

  it('reads every line once the mapping holds: the good ones and each bad one with its line', () => {
    const check = checkDraft({
      ...EMPTY_DRAFT,
      grid,
      mapping: { ...EMPTY_DRAFT.mapping, identifier: 0, cost: 2, pack_size: 3 },
    });
    expect(check.errors).toEqual({});
    expect(check.read!.lines).toHaveLength(5);
    expect(check.read!.bad).toEqual([{ line: 7, reason: 'check_digit', value: '036000291453' }]);
  });

  it('refuses one column for two fields, on the optional one', () => {
    const check = checkDraft({
      ...EMPTY_DRAFT,
      grid,
      mapping: { ...EMPTY_DRAFT.mapping, identifier: 0, cost: 2, name: 2 },
    });
    expect(check.errors).toEqual({ name: 'validation.supplier.columnTwice' });
  });
});
