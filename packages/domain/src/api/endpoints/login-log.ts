import { endpoint } from '../endpoint.ts';
import { loginLogPage, loginLogQuery } from '../log.ts';

export const loginLogEndpoints = {
  login: endpoint({
    method: 'GET',
    path: '/api/log/login',
    tags: ['log'],
    summary: 'Login history: time, IP, device, approximate location and result of every sign-in attempt, newest first',
    request: loginLogQuery,
    response: loginLogPage,
  }),
};
