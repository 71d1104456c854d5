export * from './plans';
export * from './jobs';
