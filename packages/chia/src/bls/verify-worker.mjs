// Worker thread of BlsVerifierPool: loads the TypeScript backends through tsx and answers
// { id, pks, messages, signature } with { id, ok }. Plain JS so it starts under any runner.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const name = workerData?.backend === 'noble' ? 'noble' : 'wasm';
const backend = name === 'noble' ? (await tsImport('./noble.ts', import.meta.url)).nobleBackend : (await tsImport('./wasm.ts', import.meta.url)).createWasmBackend();

parentPort.on('message', (task) => {
  let ok = false;
  try {
    ok = backend.aggregateVerify(task.pks, task.messages, task.signature);
  } catch {
    ok = false;
  }
  parentPort.postMessage({ id: task.id, ok });
});
