export * from './messages.ts';
export * from './auth.ts';
export * from './schemas.ts';
