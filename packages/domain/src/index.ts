export * from './lang.ts';
export * from './money.ts';
export * from './units.ts';
export * from './errors/index.ts';
export * from './registry/index.ts';
export * from './api/index.ts';
export * from './surfacing.ts';
export * from './mask.ts';
