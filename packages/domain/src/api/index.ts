export * from './envelope.ts';
export * from './setting.ts';
export * from './user.ts';
