export * from './catalog';
export * from './errors';
export * from './error-schemas';
export * from './health';
export * from './locales';
export * from './users';
export * from './refill';
export * from './rules';
