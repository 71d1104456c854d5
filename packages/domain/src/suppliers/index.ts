// The file reader (parse.ts) is `@crossmarket/domain/supplier-files`: its libraries load only where a file is read.
export * from './identifiers';
export * from './number-text';
export * from './pack';
export * from './mapping';
export * from './rows';
export * from './buy-side';
