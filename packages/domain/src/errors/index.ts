export * from './codes.ts';
export * from './messages.ts';
export * from './messages.zh.ts';
export * from './messages.ru.ts';
// Registers the zh and ru texts where the package runs whole (Node); a bundle drops it (sideEffects: false).
import './messages.all.ts';
export * from './app-error.ts';
