import { securityEndpoints, type SecurityAction, type SecurityCodes, type SecurityFactor } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../api/index.ts';

/**
 * What a wallet form needs to know of its security verification (the fields themselves are
 * the shared <SecurityVerification/>): the factors the action needs, and whether every one
 * has its 6-digit code. Same query as the component's, so one request serves both.
 */

const CODE_FIELD: Record<SecurityFactor, keyof SecurityCodes> = {
  email: 'email_code',
  sms: 'sms_code',
  google: 'google_code',
  telegram: 'telegram_code',
};

/** True when every factor the action needs has a 6-digit code. */
export function codesComplete(methods: readonly SecurityFactor[], codes: SecurityCodes): boolean {
  return methods.every((factor) => /^\d{6}$/.test(codes[CODE_FIELD[factor]] ?? ''));
}

/** The factors an action needs (e-mail while the server has not answered). */
export function useVerificationMethods(action: SecurityAction): SecurityFactor[] {
  const verification = useQuery({
    queryKey: ['security', 'verification', action],
    queryFn: async () => dataOf(await api.send(securityEndpoints.getsecurityverification, { action })) ?? null,
  });
  return verification.data?.methods ?? ['email'];
}
