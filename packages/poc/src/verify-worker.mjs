// Worker thread of PocVerifierPool: loads the TypeScript through tsx and answers
// { id, submission } with { id, result: { scoop, hit, deadline } } or { id, error }.
// Plain JS so it starts under any runner.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { computeDeadline, createNonceGenerator } = await tsImport('./deadline.ts', import.meta.url);
const nonces = createNonceGenerator(workerData?.backend === 'js' ? 'js' : 'wasm');

parentPort.on('message', (task) => {
  try {
    parentPort.postMessage({ id: task.id, result: computeDeadline(task.submission, nonces) });
  } catch (error) {
    parentPort.postMessage({ id: task.id, error: error instanceof Error ? error.message : String(error) });
  }
});
