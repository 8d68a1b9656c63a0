// Worker thread of createDevPlotOffThread: plots (buildDevPlotTables) and posts the tables back,
// their buffers transferred. Plain JS so it starts under any runner; the TypeScript through tsx.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

try {
  const { buildDevPlotTables } = await tsImport('./devPlot.ts', import.meta.url);
  const tables = buildDevPlotTables(workerData.plotId, workerData.k);
  const buffers = new Set([...tables.left, ...tables.right, tables.y7, tables.plotId].map((a) => a.buffer));
  parentPort.postMessage({ tables }, [...buffers]);
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
