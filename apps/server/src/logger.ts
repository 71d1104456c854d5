import { pino, type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config';

/**
 * Anything that might carry a secret or card data is censored before a log line is written, wherever it
 * appears in the object being logged.
 */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-amz-access-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.new_plain_password',
  '*.current_plain_password',
  '*.card',
  '*.cvc',
  '*.number',
  '*.client_secret',
  '*.token',
  '*.secret',
  'DATABASE_URL',
  '*.connectionString',
];

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>): LoggerOptions {
  const pretty = config.NODE_ENV === 'development' && process.stdout.isTTY;
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  return pino(loggerOptions(config));
}

export type { Logger };
