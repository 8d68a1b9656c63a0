/**
 * The header's masked e-mail (spec doc 2 §2): the first 3 characters before the at-sign,
 * then ***@ and the domain. `alice@example.com` → `ali***@example.com`.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email.length > 3 ? `${email.slice(0, 3)}***` : email;
  return `${email.slice(0, Math.min(3, at))}***@${email.slice(at + 1)}`;
}

/**
 * A phone number for display: dial prefix, the first 3 and the last 2 digits of the number.
 * `('0086', '13800138000')` → `+86 138******00`.
 */
export function maskPhone(phoneCode: string, phone: string): string {
  const prefix = `+${phoneCode.replace(/^00/, '')}`;
  if (phone.length <= 5) return `${prefix} ${phone.slice(0, 1)}${'*'.repeat(Math.max(phone.length - 1, 0))}`;
  return `${prefix} ${phone.slice(0, 3)}${'*'.repeat(phone.length - 5)}${phone.slice(-2)}`;
}
