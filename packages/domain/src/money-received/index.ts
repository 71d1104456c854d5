export * from './lines';
export * from './finances-v0';
export * from './transactions';
export * from './settlement-v2';
export * from './actual';
export * from './compare';
