export * from './values';
export * from './catalogue';
export * from './match';
export * from './codec';
export * from './terms';
export * from './columns';
export * from './narrow-match';
