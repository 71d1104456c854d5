// Every table, for the app and drizzle-kit. The table files import one another directly (the accounts,
// plans and reports they refer to live in schema-core.ts, inventories in schema-inventories.ts), never
// this index, so there is no import cycle.
export * from './schema-core';
export * from './schema-inventories';
export * from './schema-support';
export * from './schema-api-keys';
export * from './schema-billing';
export * from './schema-reports';
export * from './schema-spapi';
export * from './schema-amazon';
export * from './schema-admin';
export * from './schema-history';
export * from './schema-watches';
export * from './schema-listings';
export * from './schema-orders';
