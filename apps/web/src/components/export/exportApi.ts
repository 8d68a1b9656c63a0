import { adminExportEndpoints, userExportEndpoints, type EndpointInput } from '@platter/domain';
import { api, type QueryValue } from '../../api/index.ts';

/**
 * ApplyForDownload, GetDownloadStatus and DownloadExcel (spec doc 2 §7): /api/pool for the
 * user's own views, /api/admin for the back office's lists.
 */
export type ExportScope = 'pool' | 'admin';
export type ExportFormat = 'csv' | 'xlsx';

const ENDPOINTS = { pool: userExportEndpoints, admin: adminExportEndpoints } as const;

/** Applies with the list's filters as shown (an empty filter is no filter). */
export function applyForDownload(scope: ExportScope, list: string, format: ExportFormat, filters: Record<string, QueryValue>) {
  // Sent as the query strings they stand for (the server reads the same filters as its lists).
  const shown = Object.fromEntries(Object.entries(filters).flatMap(([k, v]) => (v === '' || v === undefined || v === null ? [] : [[k, String(v)]])));
  // A POST (it creates work), never retried: a second application would be refused as too frequent.
  // The list name is one of the scope's (the server's schema checks it).
  const body = { ...shown, list, format } as EndpointInput<typeof adminExportEndpoints.applyForDownload>;
  return api.send(ENDPOINTS[scope].applyForDownload as typeof adminExportEndpoints.applyForDownload, body, { userTriggered: true });
}

export const downloadStatus = (scope: ExportScope, id: string) => api.call(ENDPOINTS[scope].getDownloadStatus, { id });

/** The file as a blob, reporting the received share (0 to 100) as it arrives. */
export async function downloadFile(scope: ExportScope, id: string, onProgress: (percent: number) => void): Promise<{ blob: Blob; name: string }> {
  const res = await fetch(api.url(ENDPOINTS[scope].downloadExcel, { id }), { credentials: 'same-origin' });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) throw new Error(`download failed: ${res.status}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `export-${id}`;
  const total = Number(res.headers.get('content-length') ?? 0);
  const reader = res.body?.getReader();
  if (!reader) return { blob: await res.blob(), name };
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.length;
    if (total > 0) onProgress(Math.min(100, Math.floor((received * 100) / total)));
  }
  onProgress(100);
  return { blob: new Blob(parts as BlobPart[], { type }), name };
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
