export * from './common';
export * from './auth';
export * from './profile';
export * from './billing';
export * from './banned-contents';
export * from './settings';
export * from './reports';
export * from './analysis';
