export * from './envelope.ts';
export * from './fields.ts';
export * from './setting.ts';
export * from './user.ts';
export * from './account.ts';
export * from './security.ts';
export * from './log.ts';
export * from './dev.ts';
