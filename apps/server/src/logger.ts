import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';

/**
 * A URL as logs show it: the value of every query parameter whose name contains `token`
 * (activation and reset links, `?token=…`) replaced, so that reading the logs gives no live link.
 */
export function redactUrl(url: string): string {
  return url.replace(/([?&][^=&#]*token[^=&#]*=)[^&#]*/gi, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Structured JSON logs (pino); pretty lines when LOG_PRETTY is set. `destination`: tests read the lines. */
export function createLogger(config: Pick<Config, 'logLevel' | 'logPretty'>, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: { paths: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'password', '*.password', 'token', '*.token'], censor: '[redacted]' },
    // Replaces Fastify's request serializer (same fields), with token parameters redacted.
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    ...(config.logPretty && !destination ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
