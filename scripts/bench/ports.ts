/** A TCP port free on loopback now (the benchmarks' servers and databases): the tests' helper. */
export { freePort } from '../../apps/server/test/ports.ts';
