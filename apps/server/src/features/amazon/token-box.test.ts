import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenBox, keyIdOf, UnknownTokenKeyError } from './token-box';

const TOKEN = 'Atzr|IwEBIExampleRefreshTokenThatMustNeverBeStoredInPlainText';
const CONTEXT = 'amazon-connection:user-1:na';

describe('the token box', () => {
  it('seals with AES-256-GCM under the current key and opens what it sealed', () => {
    const key = randomBytes(32);
    const box = createTokenBox({ current: key, old: [] });
    const sealed = box.seal(TOKEN, CONTEXT);
    expect(sealed.keyId).toBe(keyIdOf(key));
    expect(sealed.keyId).toMatch(/^[0-9a-f]{8}$/);
    expect(sealed.iv).toHaveLength(12);
    expect(sealed.authTag).toHaveLength(16);
    expect(sealed.ciphertext.toString('utf8')).not.toContain('Atzr');
    expect(box.open(sealed, CONTEXT)).toEqual({ token: TOKEN, stale: false });
    // A fresh IV every time: the same token never seals to the same bytes.
    expect(box.seal(TOKEN, CONTEXT).ciphertext.equals(sealed.ciphertext)).toBe(false);
  });

  it('refuses a changed ciphertext, tag, or another row’s context', () => {
    const box = createTokenBox({ current: randomBytes(32), old: [] });
    const sealed = box.seal(TOKEN, CONTEXT);
    const flipped = Buffer.from(sealed.ciphertext);
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open({ ...sealed, ciphertext: flipped }, CONTEXT)).toThrow();
    expect(() => box.open({ ...sealed, authTag: randomBytes(16) }, CONTEXT)).toThrow();
    expect(() => box.open(sealed, 'amazon-connection:user-2:na')).toThrow();
  });

  it('opens a token sealed under an old key and says it is stale; an unknown key is named', () => {
    const oldKey = randomBytes(32);
    const sealed = createTokenBox({ current: oldKey, old: [] }).seal(TOKEN, CONTEXT);
    const rotated = createTokenBox({ current: randomBytes(32), old: [oldKey] });
    expect(rotated.open(sealed, CONTEXT)).toEqual({ token: TOKEN, stale: true });
    const resealed = rotated.seal(TOKEN, CONTEXT);
    expect(resealed.keyId).toBe(rotated.keyId);
    expect(rotated.open(resealed, CONTEXT).stale).toBe(false);

    const forgotten = createTokenBox({ current: randomBytes(32), old: [] });
    expect(() => forgotten.open(sealed, CONTEXT)).toThrow(UnknownTokenKeyError);
    expect(() => forgotten.open(sealed, CONTEXT)).toThrow(new RegExp(`key ${sealed.keyId}`));
  });
});
