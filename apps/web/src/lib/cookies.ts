/** Tiny cookie helpers over `document.cookie` (no package for three functions). */

export function parseCookies(cookieString: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || cookies.has(name)) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw);
    }
  }
  return cookies;
}

export function readCookie(name: string, cookieString: string = globalThis.document?.cookie ?? ''): string | undefined {
  return parseCookies(cookieString).get(name);
}

export interface CookieOptions {
  days: number;
  path?: string;
}

/** The `name=value; expires=…; path=…; SameSite=Lax` string; pure so it can be tested. */
export function cookieString(name: string, value: string, options: CookieOptions, now: number = Date.now()): string {
  const expires = new Date(now + options.days * 864e5).toUTCString();
  return `${name}=${encodeURIComponent(value)}; expires=${expires}; path=${options.path ?? '/'}; SameSite=Lax`;
}

export function writeCookie(name: string, value: string, options: CookieOptions): void {
  document.cookie = cookieString(name, value, options);
}
