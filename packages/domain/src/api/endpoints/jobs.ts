import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { jobOverviewSchema, runJobBody } from '../jobs.ts';

export const adminJobEndpoints = {
  getjobs: endpoint({
    method: 'GET',
    path: '/api/admin/getjobs',
    tags: ['admin'],
    summary: 'The background jobs: schedule, last run, last error, next run, failures since the last success',
    response: z.array(jobOverviewSchema),
  }),
  runjob: endpoint({
    method: 'POST',
    path: '/api/admin/runjob',
    tags: ['admin'],
    summary: 'Queues a job now (run it, or retry it after a failure); a running worker takes it up',
    request: runJobBody,
    response: z.object({ queued: z.boolean() }),
  }),
};
