// A feature is used by other features only through its public index.ts (bulletproof-react's rule, as a
// small local ESLint rule: the import paths here are relative, which path globs cannot judge).
import path from 'node:path';

const FEATURES = /^(.*\/(?:apps\/web|apps\/server)\/src\/features)\/([^/]+)(?:\/(.*))?$/;

function featureOf(file) {
  const m = FEATURES.exec(file.split(path.sep).join('/'));
  return m ? { root: m[1], name: m[2], rest: m[3] ?? '' } : null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another feature only through its public index.ts, never its internals.' },
    messages: {
      internal:
        "'{{source}}' reaches into the {{target}} feature's internals: import it from '{{target}}' (its index.ts), or move what is shared to lib/.",
    },
    schema: [],
  },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(context.filename), source));
      if (!target || target.root !== from.root || target.name === from.name) return;
      if (target.rest === '' || target.rest === 'index' || target.rest === 'index.ts') return;
      context.report({ node: node.source, messageId: 'internal', data: { source, target: target.name } });
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
