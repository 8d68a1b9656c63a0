export * from './messages.ts';
export * from './auth.ts';
export * from './schemas.ts';
export * from './puzzles.ts';
export { atomTreeHash, clvmList, curry, curryTreeHash, deserializeClvm, intFromBytes, intToBytes, serializeClvm, pairTreeHash, treeHash, ClvmError, type SExp } from './clvm.ts';
export * from './signatures.ts';
export * from './singleton.ts';
export * from './absorb.ts';
export * from './address.ts';
