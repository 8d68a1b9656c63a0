export * from './codec.ts';
