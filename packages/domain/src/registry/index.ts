export * from './coins.ts';
export * from './pools.ts';
export * from './countries.ts';
export * from './countryCodes.ts';
