import { hashPassword as libraryHash, verifyPassword as libraryVerify } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig, LIBRARY_SCRYPT_N } from '../../config';
import { hashPassword, verifyPassword } from './password-hash';

describe('password hashes', () => {
  it("are better-auth's own in production: each side verifies the other's hash", async () => {
    const config = loadConfig({});
    expect(config.PASSWORD_HASH_COST).toBe(LIBRARY_SCRYPT_N);
    const ours = await hashPassword('correct horse', config.PASSWORD_HASH_COST);
    expect(ours.split(':')).toHaveLength(2);
    expect(await libraryVerify({ hash: ours, password: 'correct horse' })).toBe(true);
    expect(await libraryVerify({ hash: ours, password: 'correct horsf' })).toBe(false);
    const theirs = await libraryHash('correct horse');
    expect(await verifyPassword({ hash: theirs, password: 'correct horse' })).toBe(true);
    expect(await verifyPassword({ hash: theirs, password: 'Correct horse' })).toBe(false);
  });

  it('keep a lower cost inside the hash, so it verifies whatever the configuration says later', async () => {
    const cheap = await hashPassword('correct horse', 1024);
    expect(cheap.split(':')[2]).toBe('1024');
    expect(await verifyPassword({ hash: cheap, password: 'correct horse' })).toBe(true);
    expect(await verifyPassword({ hash: cheap, password: 'wrong horse' })).toBe(false);
    // The library cannot read it: a cheap hash never passes for a production one.
    expect(await libraryVerify({ hash: cheap, password: 'correct horse' })).toBe(false);
  });

  it('refuse a malformed hash or cost rather than guess', async () => {
    await expect(verifyPassword({ hash: 'nosalt', password: 'x' })).rejects.toThrow('Invalid password hash');
    await expect(verifyPassword({ hash: 'ab:cd:1000', password: 'x' })).rejects.toThrow(
      'Invalid password hash',
    );
  });

  it('are never cheaper than the library in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO: 'true', PASSWORD_HASH_COST: '1024' })).toThrow(
      /PASSWORD_HASH_COST: must be at least 16384 in production/,
    );
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '1024' }).PASSWORD_HASH_COST).toBe(1024);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '3000' })).toThrow(/must be a power of two/);
  });
});
