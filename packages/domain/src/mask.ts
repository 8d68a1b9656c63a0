/**
 * The header's masked e-mail (spec doc 2 §2): the first 3 characters before the at-sign,
 * then ***@ and the domain. `alice@example.com` → `ali***@example.com`.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email.length > 3 ? `${email.slice(0, 3)}***` : email;
  return `${email.slice(0, Math.min(3, at))}***@${email.slice(at + 1)}`;
}
