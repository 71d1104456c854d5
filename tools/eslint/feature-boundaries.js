// Features stay apart (bulletproof-react's rules, as a small local ESLint rule: the import paths here
// are relative, which path globs cannot judge):
// - another feature is used only through its public index.ts, never its internals;
// - a feature never reaches into the web app's shell (src/app/): what features share lives in lib/;
// - dependencies between features go one way: a feature may not import one that (through others)
//   imports it back, so that each can be read, tested and loaded without the other.
import fs from 'node:fs';
import path from 'node:path';

const FEATURES = /^(.*\/(?:apps\/web|apps\/server)\/src\/features)\/([^/]+)(?:\/(.*))?$/;
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
// Import and export specifiers, `import('…')` included; a regex is enough to draw the graph, the
// checked file itself is read by ESLint.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\1/g;
const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;

const toPosix = (file) => file.split(path.sep).join('/');

function featureOf(file) {
  const m = FEATURES.exec(toPosix(file));
  return m ? { root: m[1], name: m[2], rest: m[3] ?? '' } : null;
}

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE.test(e.name) ? [full] : [];
  });
}

/** Feature → the other features its files import (relative specifiers only), read from disk. */
function buildGraph(root) {
  const graph = new Map();
  const dirs = fs.existsSync(root) ? fs.readdirSync(root, { withFileTypes: true }) : [];
  for (const dir of dirs.filter((d) => d.isDirectory())) {
    const edges = new Set();
    for (const file of sourceFiles(path.join(root, dir.name))) {
      const text = fs.readFileSync(file, 'utf8').replace(COMMENTS, '');
      for (const [, , source] of text.matchAll(SPECIFIER)) {
        if (!source.startsWith('.')) continue;
        const target = featureOf(path.resolve(path.dirname(file), source));
        if (target && target.root === toPosix(root) && target.name !== dir.name) edges.add(target.name);
      }
    }
    graph.set(dir.name, edges);
  }
  return graph;
}

// Drawn once per features root and process: a lint run is one process. An editor's long-lived ESLint
// server keeps the first graph until it restarts, which only delays a cycle's report to the next run.
const graphs = new Map();
function graphOf(root) {
  if (!graphs.has(root)) graphs.set(root, buildGraph(root));
  return graphs.get(root);
}

/** The features from `start` to `goal` along the graph's imports (both ends included), or null. */
function pathBetween(graph, start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift();
    if (at === goal) {
      const route = [];
      for (let step = at; step !== null; step = cameFrom.get(step)) route.unshift(step);
      return route;
    }
    for (const next of graph.get(at) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "Import another feature only through its public index.ts, never the app shell's internals, and never in a cycle.",
    },
    messages: {
      internal:
        "'{{source}}' reaches into the {{target}} feature's internals: import it from '{{target}}' (its index.ts), or move what is shared to lib/.",
      app: "'{{source}}' reaches into the app shell (src/app/): a feature may not depend on it; move what is shared to lib/.",
      cycle:
        "'{{source}}' closes a cycle between features ({{cycle}}): move what both need into a feature of its own or lib/, so that the dependency goes one way.",
    },
    schema: [
      {
        type: 'object',
        properties: {
          cycles: { type: 'boolean', description: 'Refuse cycles between features (default true).' },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    const cycles = context.options[0]?.cycles ?? true;
    // Only the web app has a shell folder; the server's src/app.ts is its entry, not features' business.
    const appDir = from.root.endsWith('/apps/web/src/features')
      ? `${from.root.slice(0, -'/features'.length)}/app`
      : null;
    // Tests mount their page under the app's providers, as the app does; the page itself may not.
    const isTest = /\.test\.[cm]?[jt]sx?$/.test(context.filename);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const resolved = toPosix(path.resolve(path.dirname(context.filename), source));
      if (appDir && !isTest && (resolved === appDir || resolved.startsWith(`${appDir}/`))) {
        context.report({ node: node.source, messageId: 'app', data: { source } });
        return;
      }
      const target = featureOf(resolved);
      if (!target || target.root !== from.root || target.name === from.name) return;
      if (target.rest !== '' && target.rest !== 'index' && target.rest !== 'index.ts') {
        context.report({ node: node.source, messageId: 'internal', data: { source, target: target.name } });
        return;
      }
      const back = cycles ? pathBetween(graphOf(from.root), target.name, from.name) : null;
      if (back) {
        const cycle = [from.name, ...back].join(' → ');
        context.report({ node: node.source, messageId: 'cycle', data: { source, cycle } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'feature-boundaries': rule } };
