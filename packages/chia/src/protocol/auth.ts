/**
 * Farmer authentication tokens (pool protocol SPECIFICATION "Farmer authentication"):
 * token = floor(floor(unix_minutes) / authentication_token_timeout). The pool accepts a token
 * within ±timeout of its own current token (pool_protocol.validate_authentication_token).
 */

function checkTimeout(timeoutMinutes: number): void {
  if (!Number.isInteger(timeoutMinutes) || timeoutMinutes < 1 || timeoutMinutes > 255) {
    throw new RangeError('authentication_token_timeout is a uint8 of at least 1 minute');
  }
}

export function getCurrentAuthenticationToken(timeoutMinutes: number, nowMs: number = Date.now()): bigint {
  checkTimeout(timeoutMinutes);
  return BigInt(Math.floor(Math.floor(nowMs / 60_000) / timeoutMinutes));
}

export function validateAuthenticationToken(token: bigint, timeoutMinutes: number, nowMs: number = Date.now()): boolean {
  const current = getCurrentAuthenticationToken(timeoutMinutes, nowMs);
  const diff = token - current;
  return (diff < 0n ? -diff : diff) <= BigInt(timeoutMinutes);
}
