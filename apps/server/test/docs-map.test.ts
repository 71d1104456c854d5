import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/processes';

// docs/architecture.md is the map of the code and docs/decisions.md its reasons: both are kept true by
// these checks, so that a moved file or a new decision cannot leave them behind unnoticed.

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/**
 * The files a map row names that do not exist. A row's first cell names a path under its section's
 * package (`src/…`); the file names in the row are read from that folder, its parents, or any folder
 * below it (a row on `src/features/analysis/` names `routes.ts`, one on `spapi/` names `client.ts`).
 */
export function missingFromMap(markdown: string, root: string): string[] {
  const packages = ['packages/domain', 'apps/server', 'apps/web', 'apps/extension'];
  const missing: string[] = [];
  let pkg: string | undefined;
  for (const line of markdown.split('\n')) {
    const heading = /^## (\S+)/.exec(line);
    if (heading) pkg = packages.find((p) => p === heading[1]);
    if (!pkg || !line.startsWith('| `')) continue;
    const first = /`([^`]*)`/.exec(line.split('|')[1] ?? '')?.[1];
    if (!first?.startsWith('src/')) continue;
    const folder = first.endsWith('/') ? first : path.posix.dirname(first);
    const under = filesUnder(path.join(root, pkg, folder));
    const ancestors = folder.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));
    for (const [, name] of line.matchAll(/`([^`\s]+)`/g)) {
      if (!/^[\w.\-/[\]]+\.(ts|tsx|css|json)$/.test(name!)) continue;
      const found = name!.startsWith('src/')
        ? fs.existsSync(path.join(root, pkg, name!))
        : ancestors.some((a) => fs.existsSync(path.join(root, pkg!, a, name!))) ||
          under.some((f) => f.endsWith(`${path.sep}${name!.split('/').join(path.sep)}`));
      if (!found) missing.push(`${pkg}: ${name} (row ${first})`);
    }
  }
  return missing;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

describe('docs/architecture.md', () => {
  it('names only files that exist', () => {
    expect(missingFromMap(read('docs/architecture.md'), REPO_ROOT)).toEqual([]);
  });

  it('notices a file that is gone', () => {
    const map = [
      '## apps/server',
      '| path | role |',
      '| --- | --- |',
      '| `src/http/errors.ts`, `health.ts`, `gone.ts` | … |',
      '| `src/features/analysis/` | `routes.ts`, `filter-cache.ts`, `vanished.ts` |',
      '| `src/removed-file.ts` | … |',
    ].join('\n');
    expect(missingFromMap(map, REPO_ROOT)).toEqual([
      'apps/server: gone.ts (row src/http/errors.ts)',
      'apps/server: vanished.ts (row src/features/analysis/)',
      'apps/server: src/removed-file.ts (row src/removed-file.ts)',
    ]);
  });
});

describe('docs/decisions.md', () => {
  it('has an index at the top that links every decision, in order', () => {
    const text = read('docs/decisions.md');
    const headings = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]!);
    const index = [...text.matchAll(/^\d+\. \[(.+)\]\(#(.+)\)$/gm)].map((m) => ({
      title: m[1],
      anchor: m[2],
    }));
    expect(index.map((i) => i.title)).toEqual(headings);
    expect(index.map((i) => i.anchor)).toEqual(headings.map(anchorOf));
    expect(text.indexOf('1. [')).toBeLessThan(text.indexOf('## '));
  });
});
