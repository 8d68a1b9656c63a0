import type { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { adminApplyDownloadQuery, downloadStatusQuery, listExportSchema, userApplyDownloadQuery } from '../exports.ts';

/**
 * ApplyForDownload, GetDownloadStatus and DownloadExcel (spec doc 2 §7) under one prefix:
 * /api/pool for the user's own data views, /api/admin for the back office's lists.
 */
function exportEndpoints<L extends z.ZodType>(prefix: string, tag: string, lists: L) {
  const tags = [tag];
  return {
    applyForDownload: endpoint({
      method: 'POST',
      path: `${prefix}/ApplyForDownload`,
      tags,
      summary: 'Applies for an export of a list (CSV or XLSX) with the list’s filters as shown; once every ten minutes per list (2005)',
      request: lists,
      response: listExportSchema,
    }),
    // Applying creates work (a job, an audit entry, a file), so it is a POST under CSRF; the
    // spec's GET answers EXPORT_USE_POST (2007) and changes nothing.
    applyForDownloadRead: endpoint({
      method: 'GET',
      path: `${prefix}/ApplyForDownload`,
      tags,
      summary: 'The spec’s GET of ApplyForDownload: answers 2007 (apply with POST); nothing is created',
    }),
    getDownloadStatus: endpoint({
      method: 'GET',
      path: `${prefix}/GetDownloadStatus`,
      tags,
      summary: 'Status and progress (0 to 100) of an export; expired once its file is removed',
      request: downloadStatusQuery,
      response: listExportSchema,
    }),
    downloadExcel: endpoint({
      method: 'GET',
      path: `${prefix}/DownloadExcel`,
      tags,
      summary: 'The finished export file (CSV or XLSX); 2006 while it is not ready, 10006 once expired',
      request: downloadStatusQuery,
    }),
  };
}

export const userExportEndpoints = exportEndpoints('/api/pool', 'pool', userApplyDownloadQuery);
export const adminExportEndpoints = exportEndpoints('/api/admin', 'admin', adminApplyDownloadQuery);
