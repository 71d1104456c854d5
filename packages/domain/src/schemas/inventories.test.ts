import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { englishMessage } from '../i18n';
import { PRESET_RULE_SETS } from '../pricing/presets';
import {
  INVENTORY_FROM_COUNTRIES,
  INVENTORY_TO_COUNTRIES,
  inventoryAddProductsSchema,
  inventoryCreateSchema,
  inventoryListQuerySchema,
  inventoryListSchema,
  inventoryProductPageSchema,
  inventoryProductsQuerySchema,
  inventoryRemoveProductsSchema,
  inventorySchema,
  inventoryUpdateSchema,
} from './inventories';

const settings = {
  handling_time: 2,
  parity: 1.35,
  parity_type: 'auto',
  default_category_commission_rate: 15,
  commission_rate_type: 'fixed',
  min_stock: 1,
  def_stock: 5,
  pricing_rules: PRESET_RULE_SETS.recommended,
};
const body = { title: 'US → CA', from_country: 'us', to_country: 'ca', sell_type: 'fbm', settings };
const FILTER_ID = '3f1c1a56-5b7e-4d8a-9f55-0a8d4b2c9e11';

/** Each issue as `path: key`, so a test names the field and the rule at once. */
function issues(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('inventory countries', () => {
  it('buy from regions with the inventory and buying roles, sell to those with inventory and selling', () => {
    expect(INVENTORY_FROM_COUNTRIES).toEqual(['us', 'uk']);
    expect(INVENTORY_TO_COUNTRIES).toEqual(['us', 'ca', 'uk', 'mx', 'au', 'ae', 'sg']);
  });
});

describe('inventoryCreateSchema', () => {
  it('accepts the form, trims the title and the store ID, and leaves out what was not sent', () => {
    expect(inventoryCreateSchema.parse({ ...body, title: '  Mine ', amazon_store_id: ' A1B2 ' })).toEqual({
      ...body,
      title: 'Mine',
      amazon_store_id: 'A1B2',
      settings: inventoryCreateSchema.parse(body).settings,
    });
    const parsed = inventoryCreateSchema.parse(body);
    expect(parsed).not.toHaveProperty('filter_id');
    expect(parsed).not.toHaveProperty('amazon_store_id');
  });

  it('takes a filter set id or null, and a blank store ID as none', () => {
    expect(inventoryCreateSchema.parse({ ...body, filter_id: FILTER_ID }).filter_id).toBe(FILTER_ID);
    expect(inventoryCreateSchema.parse({ ...body, filter_id: null }).filter_id).toBeNull();
    expect(inventoryCreateSchema.parse({ ...body, amazon_store_id: '  ' }).amazon_store_id).toBeNull();
    expect(issues(inventoryCreateSchema, { ...body, filter_id: 'nope' })).toEqual([
      'filter_id: validation.inventory.filterId',
    ]);
    expect(issues(inventoryCreateSchema, { ...body, amazon_store_id: 'x'.repeat(41) })).toEqual([
      'amazon_store_id: validation.inventory.storeId',
    ]);
  });

  it("names each missing field with the specification's message", () => {
    expect(issues(inventoryCreateSchema, { settings })).toEqual([
      'title: validation.inventory.title',
      'from_country: validation.inventory.country',
      'to_country: validation.inventory.country',
      'sell_type: validation.inventory.sellType',
    ]);
    expect(englishMessage('validation.inventory.title')).toBe('Please input inventory name.');
    expect(englishMessage('validation.inventory.country')).toBe('Please select inventories country.');
    expect(englishMessage('validation.inventory.sellType')).toBe('Please select inventory selling type.');
  });

  it('refuses a blank or too long title and any selling type but fbm', () => {
    expect(issues(inventoryCreateSchema, { ...body, title: '  ' })).toEqual([
      'title: validation.inventory.title',
    ]);
    expect(issues(inventoryCreateSchema, { ...body, title: 'x'.repeat(201) })).toEqual([
      'title: validation.inventory.titleTooLong',
    ]);
    expect(issues(inventoryCreateSchema, { ...body, sell_type: 'fba' })).toEqual([
      'sell_type: validation.inventory.sellType',
    ]);
  });

  it('refuses countries outside the inventory regions of their side', () => {
    expect(issues(inventoryCreateSchema, { ...body, from_country: 'ca' })).toEqual([
      'from_country: validation.inventory.country',
    ]);
    expect(issues(inventoryCreateSchema, { ...body, to_country: 'de' })).toEqual([
      'to_country: validation.inventory.country',
    ]);
  });

  it('refuses the same country on both sides, beside the other fields’ messages', () => {
    expect(issues(inventoryCreateSchema, { ...body, to_country: 'us' })).toEqual([
      'to_country: validation.report.sameCountries',
    ]);
    expect(englishMessage('validation.report.sameCountries')).toBe('Countries should be different.');
    expect(issues(inventoryCreateSchema, { ...body, title: '', to_country: 'us' })).toEqual([
      'title: validation.inventory.title',
      'to_country: validation.report.sameCountries',
    ]);
  });

  it('names the settings field that fails', () => {
    expect(issues(inventoryCreateSchema, { ...body, settings: { ...settings, handling_time: 21 } })).toEqual([
      'settings.handling_time: validation.settings.handlingTime',
    ]);
    expect(issues(inventoryCreateSchema, { ...body, settings: { ...settings, min_stock: 6 } })).toEqual([
      'settings.min_stock: validation.settings.minStockAboveDefault',
    ]);
  });
});

describe('inventoryUpdateSchema', () => {
  it('takes any of the fields, and null to clear the filter set or the store ID', () => {
    expect(inventoryUpdateSchema.parse({ title: ' New ' })).toEqual({ title: 'New' });
    expect(inventoryUpdateSchema.parse({ filter_id: null, amazon_store_id: null })).toEqual({
      filter_id: null,
      amazon_store_id: null,
    });
    expect(inventoryUpdateSchema.parse({ to_country: 'mx' })).toEqual({ to_country: 'mx' });
  });

  it('refuses an empty patch and applies the create rules to what is sent', () => {
    expect(issues(inventoryUpdateSchema, {})).toEqual([': validation.inventory.nothingToUpdate']);
    expect(issues(inventoryUpdateSchema, { products_count: 3 })).toEqual([
      ': validation.inventory.nothingToUpdate',
    ]);
    expect(issues(inventoryUpdateSchema, { title: '' })).toEqual(['title: validation.inventory.title']);
    expect(issues(inventoryUpdateSchema, { from_country: 'uk', to_country: 'uk' })).toEqual([
      'to_country: validation.report.sameCountries',
    ]);
    expect(issues(inventoryUpdateSchema, { settings: { ...settings, parity: 0 } })).toEqual([
      'settings.parity: validation.settings.parity',
    ]);
  });
});

describe('query schemas', () => {
  it('filters the list by a selling country', () => {
    expect(inventoryListQuerySchema.parse({})).toEqual({});
    expect(inventoryListQuerySchema.parse({ to_country: 'ca' })).toEqual({ to_country: 'ca' });
    expect(issues(inventoryListQuerySchema, { to_country: 'xx' })).toEqual([
      'to_country: validation.inventory.country',
    ]);
  });

  it('pages products from text, 20 a page by default, at most 100', () => {
    expect(inventoryProductsQuerySchema.parse({})).toEqual({ page: 1, per_page: 20 });
    expect(inventoryProductsQuerySchema.parse({ page: '3', per_page: '50' })).toEqual({
      page: 3,
      per_page: 50,
    });
    expect(issues(inventoryProductsQuerySchema, { page: '0' })).toEqual(['page: validation.paging.page']);
    expect(issues(inventoryProductsQuerySchema, { page: 'x' })).toEqual(['page: validation.paging.page']);
    expect(issues(inventoryProductsQuerySchema, { per_page: '101' })).toEqual([
      'per_page: validation.paging.perPage',
    ]);
    expect(issues(inventoryProductsQuerySchema, { per_page: '1.5' })).toEqual([
      'per_page: validation.paging.perPage',
    ]);
  });
});

describe('response schemas', () => {
  const row = {
    id: '7a1c1a56-5b7e-4d8a-9f55-0a8d4b2c9e12',
    title: 'US → CA',
    sell_type: 'fbm',
    from_country: 'us',
    to_country: 'ca',
    from_marketplace: 'amazon',
    to_marketplace: 'amazon',
    amazon_store_id: null,
    filter_id: FILTER_ID,
    filter_set: { id: FILTER_ID, name: 'Cheap toys', filters_count: 2 },
    settings: inventoryCreateSchema.parse(body).settings,
    created_at: '2026-01-02T03:04:05.678Z',
    products_count: 0,
    update: {
      status: 'never',
      finished_at: null,
      updated: 0,
      unavailable: 0,
      price_changed: 0,
      next_manual_at: null,
      per_run: 0,
      refreshed_by: null,
      full_lookup_max_days: 7,
      rates_of: null,
    },
  };

  it('describe what the API answers', () => {
    expect(inventoryListSchema.parse([row])).toEqual([row]);
    expect(inventorySchema.parse({ ...row, filter_id: null, filter_set: null }).filter_set).toBeNull();
    expect(inventorySchema.safeParse({ ...row, products_count: -1 }).success).toBe(false);
    expect(inventorySchema.safeParse({ ...row, created_at: 'yesterday' }).success).toBe(false);
    const page = {
      products: [
        {
          code: 'B000000001',
          image: null,
          title: 'Wooden train',
          created_at: row.created_at,
          available: true,
          unavailable_reason: null,
          std_price: 24.99,
          stock: 5,
          cost_in_tc: 18.4,
          std_profit: 3.68,
          updated_at: row.created_at,
          full_lookup_at: null,
          restriction: null,
        },
      ],
      total: 1,
      page: 1,
      per_page: 20,
    };
    expect(inventoryProductPageSchema.parse(page)).toEqual(page);
    // A sold-out source says which side made the product unavailable; an unknown reason is refused.
    const soldOut = {
      ...page,
      products: [{ ...page.products[0]!, available: false, unavailable_reason: 'cross_nostock' }],
    };
    expect(inventoryProductPageSchema.parse(soldOut)).toEqual(soldOut);
    // Before its first pricing a product has no title, cost or profit; a product without them is refused.
    const unpriced = {
      ...page,
      products: [{ ...page.products[0]!, title: null, cost_in_tc: null, std_profit: null }],
    };
    expect(inventoryProductPageSchema.parse(unpriced)).toEqual(unpriced);
    const { cost_in_tc: _cost, ...withoutCost } = page.products[0]!;
    expect(inventoryProductPageSchema.safeParse({ ...page, products: [withoutCost] }).success).toBe(false);
    const unknown = { ...page, products: [{ ...page.products[0]!, unavailable_reason: 'to_nostock' }] };
    expect(inventoryProductPageSchema.safeParse(unknown).success).toBe(false);
    expect(inventorySchema.safeParse({ ...row, update: { ...row.update, status: 'paused' } }).success).toBe(
      false,
    );
  });

  it('take products to add or remove as product IDs, at least one', () => {
    const reportId = '7a1c1a56-5b7e-4d8a-9f55-0a8d4b2c9e13';
    expect(
      inventoryAddProductsSchema.safeParse({ report_id: reportId, product_ids: ['B000000001'] }).success,
    ).toBe(true);
    expect(issues(inventoryAddProductsSchema, { report_id: 'x', product_ids: [] })).toEqual([
      'report_id: validation.inventory.reportId',
      'product_ids: validation.inventory.productIds',
    ]);
    expect(issues(inventoryRemoveProductsSchema, { product_ids: ['nope'] })).toEqual([
      'product_ids.0: validation.inventory.productIds',
    ]);
  });
});
