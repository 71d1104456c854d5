import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseEncryptionKey, type Config } from './config';
import type { Logger } from './logger';
import { readSecretFile } from './db/fs-utils';

/**
 * A secret kept in DATA_DIR/`name`, generated on first use. Created with `wx` so that processes starting
 * together (a server and a worker, parallel test files) cannot each write their own: the loser reads the
 * winner's.
 */
function dataDirSecret(config: Config, name: string): { value: string; file: string } {
  const file = path.join(config.dataDir, name);
  const found = readSecretFile(file);
  if (found) return { value: found, file };
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const value = readSecretFile(file);
  if (!value) throw new Error(`${file} is empty: delete it to generate a new one`);
  return { value, file };
}

/**
 * SESSION_SECRET when set; otherwise one generated on first start and kept in DATA_DIR, so sessions
 * survive restarts. Several servers behind a load balancer must share it, hence the production warning.
 */
export function resolveSessionSecret(config: Config, logger: Logger): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const { value, file } = dataDirSecret(config, 'session-secret');
  if (config.NODE_ENV === 'production') {
    logger.warn(
      `SESSION_SECRET is not set; using the one generated in ${file}. Set it explicitly in production.`,
    );
  }
  return value;
}

export interface TokenKeys {
  current: Buffer;
  /** Keys tokens may still be sealed with (TOKEN_ENCRYPTION_OLD_KEYS). */
  old: Buffer[];
}

/**
 * The keys sealing sellers' Amazon refresh tokens: TOKEN_ENCRYPTION_KEY (validated by the config) or one
 * generated once into DATA_DIR. A generated key in production is a warning, not a failure, as with the
 * session secret; but losing it loses every stored authorisation, so the message says to set it.
 */
export function resolveTokenKeys(config: Config, logger: Logger): TokenKeys {
  const old = (config.TOKEN_ENCRYPTION_OLD_KEYS ?? []).map((k) => parseEncryptionKey(k)!);
  if (config.TOKEN_ENCRYPTION_KEY) return { current: parseEncryptionKey(config.TOKEN_ENCRYPTION_KEY)!, old };
  const { value, file } = dataDirSecret(config, 'token-encryption-key');
  const current = parseEncryptionKey(value);
  if (!current) throw new Error(`${file} does not hold a 32-byte key: set TOKEN_ENCRYPTION_KEY`);
  if (config.NODE_ENV === 'production') {
    logger.warn(
      `TOKEN_ENCRYPTION_KEY is not set; using the one generated in ${file}. Set it in production, the same on every server and worker, and keep a copy: without it the stored Amazon authorisations cannot be read.`,
    );
  }
  return { current, old };
}
