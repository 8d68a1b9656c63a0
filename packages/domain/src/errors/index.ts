export * from './codes.ts';
export * from './messages.ts';
export * from './messages.zh.ts';
export * from './messages.ru.ts';
export * from './messages.all.ts';
export * from './app-error.ts';
