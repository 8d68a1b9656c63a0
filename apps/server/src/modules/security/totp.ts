import { generateSecret, generateURI, verify } from 'otplib';

/**
 * Authenticator-app codes (RFC 6238: SHA-1, 6 digits, 30 s). One step of clock drift either
 * way is accepted; the caller stores the accepted step and passes it back as `afterStep`, so
 * that a code (or any code of an earlier step) works once.
 */
export const TOTP_TOLERANCE_S = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, issuer: string, label: string): string {
  return generateURI({ issuer, label, secret });
}

/** The accepted time step, or null when the code is wrong or replayed. */
export async function checkTotp(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOTP_TOLERANCE_S,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
