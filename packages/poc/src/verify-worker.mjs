// Worker thread of PocVerifierPool: loads the TypeScript through tsx and answers
// { id, submissions } with { id, outcomes } (per submission { ok, result } or { ok: false, error }).
// Plain JS so it starts under any runner.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { computeDeadline, computeDeadlines, createNonceGenerator } = await tsImport('./deadline.ts', import.meta.url);
const backend = workerData?.backend === 'js' ? 'js' : 'wasm';
const nonces = createNonceGenerator(backend);
const message = (error) => (error instanceof Error ? error.message : String(error));

function one(submission) {
  try {
    return { ok: true, result: computeDeadline(submission, nonces) };
  } catch (error) {
    return { ok: false, error: message(error) };
  }
}

parentPort.on('message', (task) => {
  let outcomes;
  try {
    // the WebAssembly generator builds up to four nonces at once
    outcomes = backend === 'wasm' ? computeDeadlines(task.submissions, nonces) : task.submissions.map(one);
  } catch (error) {
    outcomes = task.submissions.map(() => ({ ok: false, error: message(error) }));
  }
  parentPort.postMessage({ id: task.id, outcomes });
});
