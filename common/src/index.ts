/** @vagas/common: plain TypeScript, no dependencies, imported by every workspace. */
export * from './collections.js';
export * from './device-limit.js';
export * from './email.js';
export * from './field-formats.js';
export * from './lead-keys.js';
export * from './phone.js';
export * from './screening.js';
export * from './stats.js';
export * from './timeline.js';
export * from './vacancy-lists.js';
