export * from './codes.ts';
export * from './messages.ts';
export * from './app-error.ts';
