import { endpoint } from '../endpoint.ts';
import { rotateSecurityKeyBody, securityKeySchema } from '../securityKey.ts';

/** The user's security key (API key) that authorises watchers (observer.ts), in the security centre. */
export const securityKeyEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/security/securitykey',
    tags: ['security'],
    summary: 'The user’s security key (API key) that authorises watchers, with its grant and the count of watchers',
    response: securityKeySchema,
  }),
  rotate: endpoint({
    method: 'POST',
    path: '/api/security/securitykey',
    tags: ['security'],
    summary: 'Makes a new security key (security verification, action watcher): every watcher’s authorisation ends',
    request: rotateSecurityKeyBody,
    response: securityKeySchema,
  }),
};
