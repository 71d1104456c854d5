import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { LIBRARY_SCRYPT_N } from '../../config';

/**
 * better-auth's password hash (`@better-auth/utils/password`): scrypt with N = 16384, r = 16, p = 1, a 64-byte
 * key, stored as `salt:key` in hex. Production keeps exactly that; PASSWORD_HASH_COST lowers N for test
 * runs, where thousands of sign-ups would otherwise spend minutes hashing.
 */
const R = 16;
const P = 1;
const KEY_LENGTH = 64;

function deriveKey(password: string, salt: string, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N: n, r: R, p: P, maxmem: 128 * n * R * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/**
 * A hash at cost `n`. At the library's cost it is the library's own format, so better-auth's verifier (and
 * any tool that knows it) reads it; any other cost is kept as a third field, so a hash always verifies
 * with the cost it was made with, whatever the configuration says later.
 */
export async function hashPassword(password: string, n = LIBRARY_SCRYPT_N): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const key = (await deriveKey(password, salt, n)).toString('hex');
  return n === LIBRARY_SCRYPT_N ? `${salt}:${key}` : `${salt}:${key}:${n}`;
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }) {
  const [salt, key, cost] = hash.split(':');
  if (!salt || !key) throw new Error('Invalid password hash');
  const n = cost === undefined ? LIBRARY_SCRYPT_N : Number(cost);
  if (!Number.isInteger(n) || n < 2 || (n & (n - 1)) !== 0) throw new Error('Invalid password hash');
  const expected = Buffer.from(key, 'hex');
  const actual = await deriveKey(password, salt, n);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
