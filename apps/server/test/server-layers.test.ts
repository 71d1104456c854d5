import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './helpers/processes';

// The server's layers, checked on its real source: payments are entered only through the provider, and a
// provider never reaches up into a feature. A new import that breaks either fails here, naming the file.

const SRC = path.join(SERVER_ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? sourceFiles(path.join(dir, e.name))
        : /\.tsx?$/.test(e.name)
          ? [path.join(dir, e.name)]
          : [],
    );
}

/** Every relative import, export-from and dynamic import of a file, resolved to a path under src/. */
export function importsOf(file: string, code = fs.readFileSync(file, 'utf8')): string[] {
  const specifiers = [
    ...code.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g),
    ...code.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers
    .filter((s) => s.startsWith('.'))
    .map((s) =>
      path
        .relative(SRC, path.resolve(path.dirname(file), s))
        .split(path.sep)
        .join('/'),
    );
}

const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/** The imports that break a rule: `[importing file, imported path]`. */
function offending(filesOf: (file: string) => boolean, refused: (target: string) => boolean) {
  return sourceFiles(SRC)
    .filter((f) => filesOf(rel(f)))
    .flatMap((f) =>
      importsOf(f)
        .filter(refused)
        .map((target) => [rel(f), target]),
    );
}

describe('server layers', () => {
  it('reads relative imports of every form', () => {
    const file = path.join(SRC, 'features/billing/x.ts');
    const code = [
      "import { a } from '../../providers/payments/sandbox/engine';",
      "import type { B } from './b';",
      "export { c } from '../plans/repo';",
      "const d = await import('../../jobs/queue');",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsOf(file, code)).toEqual([
      'providers/payments/sandbox/engine',
      'features/billing/b',
      'features/plans/repo',
      'jobs/queue',
    ]);
  });

  it('enters the sandbox payment engine only through the payments provider', () => {
    const outside = (f: string) => !f.startsWith('providers/payments/');
    const sandbox = (t: string) => t.startsWith('providers/payments/sandbox');
    expect(offending(outside, sandbox)).toEqual([]);
    // The check sees the files it should: the provider's own index does import the engine.
    expect(offending((f) => f === 'providers/payments/index.ts', sandbox)).not.toEqual([]);
  });

  it('keeps providers below features', () => {
    const providers = (f: string) => f.startsWith('providers/');
    expect(offending(providers, (t) => t.startsWith('features/'))).toEqual([]);
  });
});
