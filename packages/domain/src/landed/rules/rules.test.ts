import { describe, expect, it } from 'vitest';
import {
  allRules,
  borderRule,
  collectionRule,
  dsfRule,
  dutyRule,
  feeTaxRule,
  priceTaxRule,
  REFERENCE_SOURCES,
  ruleById,
} from './index';
import { ruleFamilyOf, rulesInForce } from '../rules-in-force';

describe('the rules as data', () => {
  it('every row names its source and a real start date, under a unique id', () => {
    const rows = allRules();
    expect(rows.length).toBeGreaterThan(40);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    for (const r of rows) {
      expect(r.source.trim(), r.id).not.toBe('');
      expect(r.effective_from, r.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${r.effective_from}T00:00:00Z`).toISOString().slice(0, 10), r.id).toBe(
        r.effective_from,
      );
      expect(ruleById(r.id)).toBe(r);
    }
  });

  it('a rule change is a new row: the day decides which is in force', () => {
    expect(borderRule('ae', 'us', 'courier', '2023-02-28')!.duty_free_up_to).toBe(300);
    expect(borderRule('ae', 'us', 'courier', '2023-03-01')!.duty_free_up_to).toBe(1000);
    expect(priceTaxRule('sg', '2023-12-31')!.rate).toBe(8);
    expect(priceTaxRule('sg', '2024-01-01')!.rate).toBe(9);
    expect(borderRule('mx', 'uk', 'courier', '2025-08-14')!.global_bands!.at(-1)!.rate).toBe(19);
    expect(borderRule('mx', 'uk', 'courier', '2025-08-15')).toMatchObject({ assumed: true });
    expect(borderRule('mx', 'uk', 'courier', '2025-08-15')!.global_bands!.at(-1)!.rate).toBe(33.5);
    // A non-FTA origin (Turkey): 19 % from 1 Jan 2025, 33.5 % from 15 Aug 2025.
    expect(borderRule('mx', 'tr', 'courier', '2025-03-01')!.global_bands![0]!.rate).toBe(19);
    expect(borderRule('mx', 'tr', 'courier', '2025-08-15')!.global_bands![0]!.rate).toBe(33.5);
    // Before the US suspended de minimis for every country there is no row: we do not price that past.
    expect(borderRule('us', 'uk', 'courier', '2025-08-28')).toBeNull();
  });

  it('the most specific border row wins: ship-from and carrier', () => {
    const on = '2026-11-26';
    expect(borderRule('ca', 'us', 'courier', on)!.id).toBe('border-ca-us-courier');
    expect(borderRule('ca', 'us', 'post', on)!.id).toBe('border-ca-us-post');
    expect(borderRule('ca', 'uk', 'courier', on)!.id).toBe('border-ca');
    expect(borderRule('mx', 'us', 'post', on)!.id).toBe('border-mx-post');
    expect(borderRule('ae', 'uk', 'post', on)).toMatchObject({ id: 'border-ae-post', assumed: true });
  });

  it('duty by category, tax on fees by residence, the DSF by establishment', () => {
    const on = '2026-11-26';
    expect(dutyRule('uk', 'Clothing & Accessories', on)!.rate).toBe(12);
    expect(dutyRule('uk', 'Toys & Games', on)!.rate).toBe(4);
    expect(feeTaxRule('uk', 'uk', on)!.rate).toBe(20);
    expect(feeTaxRule('uk', 'uk', '2024-07-31')).toBeNull();
    expect(feeTaxRule('uk', 'us', on)).toBeNull();
    expect(feeTaxRule('au', 'au', on)!.rate).toBe(10);
    expect(feeTaxRule('ca', 'tr', on)).toBeNull();
    expect(dsfRule('uk', 'us', on)!.rate).toBe(2);
    expect(dsfRule('uk', 'uk', on)).toBeNull();
    expect(dsfRule('us', 'us', on)).toBeNull();
    expect(dsfRule('us', 'tr', on)).toBeNull();
    expect(dsfRule('us', 'uk', on)!.rate).toBe(2);
    expect(dsfRule('mx', 'fr', on)!.rate).toBe(3);
    expect(dsfRule('ca', 'tr', on)).toMatchObject({ rate: 2, assumed: true });
    expect(collectionRule('ca', on)).toBeNull();
    expect(collectionRule('uk', on)!.up_to).toBe(135);
  });
});

describe('rulesInForce', () => {
  it('lists one row per family for a lane, with nulls where nothing applies', () => {
    const seller = { establishment: 'tr' as const, registered_home: false };
    const ids = (from: 'us' | 'uk', to: Parameters<typeof rulesInForce>[1], carrier: 'courier' | 'post') =>
      Object.fromEntries(
        rulesInForce(from, to, { carrier }, seller, '2026-11-26').map((x) => [x.family, x.row?.id ?? null]),
      );
    expect(ids('us', 'ca', 'courier')).toEqual({
      price_tax: 'price-tax-ca',
      collection: null,
      border: 'border-ca-us-courier',
      customs_value: 'customs-ca-item',
      duty: 'duty-ca',
      fee_tax: null,
      digital_services_fee: 'dsf-ca',
      conversion_fee: 'accs-1.5',
    });
    expect(ids('us', 'ca', 'post').border).toBe('border-ca-us-post');
    expect(ids('us', 'ae', 'courier').customs_value).toBe('customs-ae-cif');
    expect(ids('uk', 'uk', 'courier')).toMatchObject({
      collection: 'collect-uk', // a seller established outside the UK: Amazon keeps the VAT at any value
      border: null,
      customs_value: null,
      duty: null,
      fee_tax: 'fee-tax-tr',
    });
  });
});

describe('the rule rows name their sources and their family', () => {
  it('every source a row cites is in the reference list, with a title', () => {
    for (const row of allRules()) {
      const ids = row.source.match(/\bS\d+\b/g) ?? [];
      // A row of our own choosing says so instead of citing.
      if (ids.length === 0) expect(row.source).toBe('none (our choice)');
      for (const id of ids) {
        expect(REFERENCE_SOURCES[id], `${row.id} cites ${id}`).toBeDefined();
        expect(REFERENCE_SOURCES[id]!.title.length).toBeGreaterThan(5);
      }
    }
  });
  it('every row has a family, so the Lanes page can name it', () => {
    for (const row of allRules()) expect(ruleFamilyOf(row.id), row.id).toBeDefined();
    expect(ruleFamilyOf('border-ca-us-courier')).toBe('border');
    expect(ruleFamilyOf('customs-ae-cif')).toBe('customs_value');
  });
});
