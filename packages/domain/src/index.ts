export * from './time';
export * from './plans';
export * from './jobs';
