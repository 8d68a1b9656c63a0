export * from './coins.ts';
export * from './pools.ts';
