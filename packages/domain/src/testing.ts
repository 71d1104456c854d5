// Builders and generators for tests and benchmarks (imports fast-check: never from production code).
export * from './fixtures';
export * from './filters/arbitraries';
export * from './filters/row-arbitrary';
export * from './listings-fixture';
export * from './suppliers/supplier-fixture';
