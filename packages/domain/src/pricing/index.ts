export * from './types';
export * from './similarity';
export * from './commission';
export * from './fee-estimate';
export * from './price-product';
export * from './pricing-input';
export * from './presets';
