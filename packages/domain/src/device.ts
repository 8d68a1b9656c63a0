/**
 * A short device description from a User-Agent header, for the login history:
 * `Chrome on Linux`, `Safari on iOS`, `curl`. Unknown parts read `Unknown`.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bMicroMessenger\//, 'WeChat'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bMSIE |\bTrident\//, 'Internet Explorer'],
];

const OPERATING_SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const TOOLS: [RegExp, string][] = [
  [/^curl\//, 'curl'],
  [/^Wget\//, 'Wget'],
  [/^(?:PostmanRuntime|insomnia)\//, 'API client'],
  [/^(?:python-requests|axios|node-fetch|undici|Go-http-client|okhttp)\b/i, 'Script'],
];

export function describeDevice(userAgent: string | undefined | null): string {
  const ua = (userAgent ?? '').trim();
  if (!ua) return 'Unknown';
  for (const [pattern, name] of TOOLS) if (pattern.test(ua)) return name;
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const os = OPERATING_SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (!browser && !os) return 'Unknown';
  return `${browser ?? 'Unknown browser'} on ${os ?? 'Unknown OS'}`;
}
