import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { TokenKeys } from '../../secrets';

/** A refresh token as stored: never the token itself. */
export interface SealedToken {
  ciphertext: Buffer;
  iv: Buffer;
  authTag: Buffer;
  /** Which key sealed it (`keyIdOf`), so a rotated key can still be found. */
  keyId: string;
}

/** The first 8 hex characters of the key's SHA-256: names a key without revealing it. */
export const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** A token sealed under a key this process was not given (neither current nor in the old keys). */
export class UnknownTokenKeyError extends Error {
  constructor(keyId: string) {
    super(
      `An Amazon refresh token is sealed under key ${keyId}, which is neither TOKEN_ENCRYPTION_KEY nor in TOKEN_ENCRYPTION_OLD_KEYS`,
    );
    this.name = 'UnknownTokenKeyError';
  }
}

export interface TokenBox {
  /** The current key's id: what `seal` writes. */
  keyId: string;
  /**
   * `context` is authenticated with the token (GCM's additional data): a ciphertext copied to another
   * user's or region's row does not open there.
   */
  seal(token: string, context: string): SealedToken;
  /** The token, and whether it was sealed under an old key (then the caller seals it again). */
  open(sealed: SealedToken, context: string): { token: string; stale: boolean };
}

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;

/** AES-256-GCM with the current key; old keys only open, looked up by the id stored beside each token. */
export function createTokenBox(keys: TokenKeys): TokenBox {
  const keyId = keyIdOf(keys.current);
  const byId = new Map<string, Buffer>([[keyId, keys.current]]);
  for (const key of keys.old) if (!byId.has(keyIdOf(key))) byId.set(keyIdOf(key), key);
  return {
    keyId,
    seal(token, context) {
      // A fresh random IV per seal: GCM must never reuse one under the same key.
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, keys.current, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return { ciphertext, iv, authTag: cipher.getAuthTag(), keyId };
    },
    open(sealed, context) {
      const key = byId.get(sealed.keyId);
      if (!key) throw new UnknownTokenKeyError(sealed.keyId);
      const decipher = createDecipheriv(ALGORITHM, key, sealed.iv);
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(sealed.authTag);
      const token = Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]).toString('utf8');
      return { token, stale: sealed.keyId !== keyId };
    },
  };
}

/** The additional data binding a sealed token to its row. */
export const sealContext = (userId: string, region: string) => `amazon-connection:${userId}:${region}`;
