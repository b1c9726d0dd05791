export * from './errors';
export * from './enums';
export * from './rules/status';
export * from './api/common';
export * from './api/auth';
export * from './api/reference';
export * from './api/search';
