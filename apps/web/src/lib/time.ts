/**
 * Seconds since the epoch as local 'YYYY/MM/DD HH:mm:ss' (the spec's message time format,
 * doc 2 §3), the same in every interface language; '—' for none (0). The zone is the
 * browser's unless an offset (as `Date#getTimezoneOffset` gives it) is passed.
 */
export function formatDateTime(seconds: number, timezoneOffsetMinutes?: number): string {
  if (!seconds) return '—';
  const offset = timezoneOffsetMinutes ?? new Date(seconds * 1000).getTimezoneOffset();
  const local = new Date((seconds - offset * 60) * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${local.getUTCFullYear()}/${pad(local.getUTCMonth() + 1)}/${pad(local.getUTCDate())} ` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`
  );
}
