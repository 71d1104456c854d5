import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extensionStale, extensionTarget, stampOf } from './extension-target.mjs';

describe('the extension zip `npm start` serves (issue 46)', () => {
  it('is built for the address the app is served at, as the server derives it', () => {
    expect(extensionTarget({ APP_URL: 'http://127.0.0.1:4173/' })).toBe('http://127.0.0.1:4173');
    expect(extensionTarget({ PORT: '4100' })).toBe('http://localhost:4100');
    expect(extensionTarget({ PORT: '' })).toBe('http://localhost:3000');
    expect(extensionTarget({ CROSSMARKET_URL: 'https://app.example.com' })).toBe('https://app.example.com');
  });

  it('is no address, rather than a stack trace, when PORT or APP_URL is malformed (issue 59)', () => {
    expect(extensionTarget({ PORT: 'not-a-port' })).toBeNull();
    expect(extensionTarget({ APP_URL: 'not a url' })).toBeNull();
    // What the config accepts, the extension is built for.
    expect(extensionTarget({ PORT: ' 4100' })).toBe('http://localhost:4100');
  });

  it('is rebuilt when it was built for another address, even with no source change', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-ext-'));
    const zipPath = path.join(dir, 'crossmarket-extension.zip');
    const never = () => false;
    expect(extensionStale({ zipPath, target: 'http://localhost:3000', sourcesNewerThan: never })).toBe(true);
    fs.writeFileSync(zipPath, 'zip');
    // A zip from before the address was recorded: its address is unknown.
    expect(extensionStale({ zipPath, target: 'http://localhost:3000', sourcesNewerThan: never })).toBe(true);
    fs.writeFileSync(stampOf(zipPath), 'http://localhost:3000\n');
    expect(extensionStale({ zipPath, target: 'http://localhost:3000', sourcesNewerThan: never })).toBe(false);
    expect(extensionStale({ zipPath, target: 'http://localhost:4100', sourcesNewerThan: never })).toBe(true);
    expect(extensionStale({ zipPath, target: 'http://localhost:3000', sourcesNewerThan: () => true })).toBe(
      true,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
