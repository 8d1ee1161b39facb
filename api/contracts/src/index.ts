export * from './errors.js';
export * from './remotes.js';
export * from './health.js';
export * from './theme.js';
export * from './site.js';
