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
  // A buyer's personal data (issue 60): never logged, even by an error that carries an Amazon answer.
  '*.recipient',
  '*.deliveryAddress',
  '*.buyer',
  '*.address',
];

/**
 * Query parameters whose values are one-time secrets: Amazon's authorisation code and the OAuth states
 * (`/api/amazon/callback`, `/api/amazon/login`, the sandbox consent page), and sign-in links' tokens.
 */
const SECRET_QUERY = /([?&](?:spapi_oauth_code|code|state|amazon_state|token)=)[^&#]*/gi;
export const scrubUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

/** Fastify's request serializer (it takes the logger's own), with the secrets of the URL's query censored. */
function serializeRequest(req: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? scrubUrl(req.url) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * A person at a terminal reads pino-pretty's lines (pino-pretty 13 declares no engine and runs on Node 20);
 * anything else (a pipe, a file, a log collector) gets one JSON object per line.
 */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>,
  terminal = process.stdout.isTTY === true,
): LoggerOptions {
  const pretty = terminal && config.LOG_LEVEL !== 'silent';
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest },
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
