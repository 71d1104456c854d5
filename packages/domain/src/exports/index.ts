export * from './files';
export * from './select-items';
