import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { setLanguageBody, userInfoSchema } from '../user.ts';

export const userEndpoints = {
  info: endpoint({
    method: 'GET',
    path: '/api/user/info',
    tags: ['user'],
    summary: 'The signed-in user; code 202 while signed out',
    response: userInfoSchema.nullable(),
  }),
  checkRegister: endpoint({
    method: 'GET',
    path: '/api/user/checkRegister',
    tags: ['user'],
    summary: 'Registration availability: code 200 when open, 221 when closed, 222 from mainland China',
    response: z.null(),
  }),
  setLanguage: endpoint({
    method: 'POST',
    path: '/api/user/SetLanguage',
    tags: ['user'],
    summary: 'Sets the interface language (cookie h9_lang, and the account when signed in)',
    request: setLanguageBody,
    response: z.object({ language: setLanguageBody.shape.language }),
  }),
  dologout: endpoint({ method: 'POST', path: '/api/user/dologout', tags: ['user'], summary: 'Ends the session; answers an empty object (not the envelope)' }),
};
