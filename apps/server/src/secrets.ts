import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import type { Logger } from './logger';
import { readSecretFile } from './db/fs-utils';

/**
 * SESSION_SECRET when set; otherwise one generated on first start and kept in DATA_DIR, so sessions
 * survive restarts. Several servers behind a load balancer must share it, hence the production warning.
 */
export function resolveSessionSecret(config: Config, logger: Logger): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = path.join(config.dataDir, 'session-secret');
  let secret = readSecretFile(file);
  if (!secret) {
    secret = randomBytes(32).toString('base64url');
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
  }
  if (config.NODE_ENV === 'production') {
    logger.warn(
      `SESSION_SECRET is not set; using the one generated in ${file}. Set it explicitly in production.`,
    );
  }
  return secret;
}
