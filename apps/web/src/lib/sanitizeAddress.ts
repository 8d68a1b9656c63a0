/**
 * The address-search input rule (spec doc 2 §5): whitespace and non-word characters are
 * removed as typed; the result must be only letters and digits, otherwise it is emptied
 * (an underscore is a word character but not a letter or digit, so it empties the value).
 */
export function sanitizeAddress(raw: string): string {
  const stripped = raw.replace(/\s+/g, '').replace(/\W/g, '');
  return /^[A-Za-z0-9]*$/.test(stripped) ? stripped : '';
}
