import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

/** Structured JSON logs (pino); pretty lines when LOG_PRETTY is set. */
export function createLogger(config: Pick<Config, 'logLevel' | 'logPretty'>): Logger {
  return pino({
    level: config.logLevel,
    redact: { paths: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'password', '*.password'], censor: '[redacted]' },
    ...(config.logPretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {}),
  });
}
