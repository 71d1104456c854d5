import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BadLine, SupplierMapping } from '@crossmarket/domain';
import { createdAt, reports, user } from './schema-core';

// Supplier price lists (issue 62; migration 0055).

/** A seller's supplier: where it ships from, its currency, and the column mapping last used for its file. */
export const suppliers = pgTable(
  'suppliers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    mapping: jsonb('mapping').$type<SupplierMapping>().notNull(),
    /** The header of the file the mapping was made on: a column that moved is found again by name. */
    header: jsonb('header').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('suppliers_user_name').on(t.userId, sql`lower(${t.name})`)],
);

/** A supplier line as kept: `SupplierLine` with the identifier flattened. */
export interface StoredSupplierLine {
  line: number;
  kind: string;
  value: string;
  key: string;
  name: string | null;
  cost: number;
  pack: number;
  min_order: number | null;
  sku: string | null;
}

/** One upload of a supplier's list: its good lines and every bad one, with what it was read under. */
export const supplierLists = pgTable(
  'supplier_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    pricesIncludeTax: boolean('prices_include_tax').notNull(),
    mapping: jsonb('mapping').$type<SupplierMapping>().notNull(),
    lines: jsonb('lines').$type<StoredSupplierLine[]>().notNull(),
    bad: jsonb('bad').$type<BadLine[]>().notNull(),
    total: integer('total').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('supplier_lists_user').on(t.userId, t.createdAt.desc()),
    index('supplier_lists_supplier').on(t.supplierId, t.createdAt.desc()),
  ],
);

/** A catalogue product a line's identifier matched, as kept per list and marketplace. */
export interface StoredMatch {
  asin: string;
  title: string | null;
  package_quantity: number | null;
  bundle: boolean;
}

/** What the catalogue answered for each line in one marketplace: kept, so a second report asks nothing. */
export const supplierMatches = pgTable(
  'supplier_matches',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => supplierLists.id, { onDelete: 'cascade' }),
    marketplace: text('marketplace').notNull(),
    line: integer('line').notNull(),
    matches: jsonb('matches').$type<StoredMatch[]>().notNull(),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.marketplace, t.line] })],
);

/** A supplier report's buying side per ASIN: the line it is bought from and the notes its row shows. */
export const reportSupplierRows = pgTable(
  'report_supplier_rows',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    line: integer('line').notNull(),
    identifier: text('identifier').notNull(),
    identifierKind: text('identifier_kind').notNull(),
    confidence: text('confidence').notNull(),
    pack: text('pack').notNull(),
    supplierPack: integer('supplier_pack').notNull(),
    amazonQuantity: integer('amazon_quantity'),
    units: integer('units').notNull(),
    unitCost: doublePrecision('unit_cost').notNull(),
    buyPrice: doublePrecision('buy_price').notNull(),
    currency: text('currency').notNull(),
    minOrder: integer('min_order'),
    packCost: doublePrecision('pack_cost').notNull(),
    pricesIncludeTax: boolean('prices_include_tax').notNull(),
    name: text('name'),
    supplierSku: text('supplier_sku'),
    otherLines: integer('other_lines')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.productId] })],
);
