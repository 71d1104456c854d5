import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import plugin from './feature-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = plugin.rules['feature-boundaries'];
const tester = new RuleTester({ languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } });

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'feature-boundaries-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

/** A web app's src/ under the temp folder, holding `files` (path → text); returns the src path. */
function fixture(name, files) {
  const src = path.join(temp, name, 'apps', 'web', 'src');
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
    fs.writeFileSync(path.join(src, file), text);
  }
  return src;
}

// Each scenario has its own tree: the rule draws a features root's graph once and keeps it.

// reports → filters (one way); shared pieces in lib/ and the shell in app/.
const oneWay = fixture('one-way', {
  'app/providers.tsx': 'export const AppProviders = () => null;\n',
  'lib/page-title.ts': 'export const usePageTitle = () => {};\n',
  'features/filters/index.ts': "export { FilterCard } from './components/filter-card';\n",
  'features/filters/components/filter-card.tsx': 'export const FilterCard = () => null;\n',
  'features/reports/index.ts': "export { ReportPage } from './report-page';\n",
  'features/reports/report-page.tsx': "import { FilterCard } from '../filters';\n",
});
const reportPage = path.join(oneWay, 'features/reports/report-page.tsx');
const filterCard = path.join(oneWay, 'features/filters/components/filter-card.tsx');

// editor and sets import each other; board imports editor, and nothing imports board.
const cyclic = fixture('cyclic', {
  'features/editor/index.ts': "export { Card } from './card';\n",
  'features/editor/card.tsx': "import { useSets } from '../sets';\nexport const Card = () => useSets();\n",
  'features/sets/index.ts': "export { useSets } from './use-sets';\n",
  'features/sets/use-sets.ts': "import { Card } from '../editor';\nexport const useSets = () => Card;\n",
  'features/board/index.ts': "export { Board } from './board';\n",
  'features/board/board.tsx': "import { Card } from '../editor';\nexport const Board = () => Card;\n",
});

tester.run('feature-boundaries', rule, {
  valid: [
    {
      name: 'another feature through its index',
      filename: reportPage,
      code: "import { FilterCard } from '../filters';",
    },
    {
      name: 'another feature through index.ts named',
      filename: reportPage,
      code: "export { FilterCard } from '../filters/index';",
    },
    { name: 'its own internals', filename: filterCard, code: "import { x } from '../index';" },
    { name: 'lib/', filename: reportPage, code: "import { usePageTitle } from '../../lib/page-title';" },
    {
      name: 'a test mounting its page under the app providers',
      filename: path.join(oneWay, 'features/reports/report-page.test.tsx'),
      code: "import { AppProviders } from '../../app/providers';",
    },
    {
      name: 'a one-way dependency (the other side does not import back)',
      filename: path.join(cyclic, 'features/board/board.tsx'),
      code: "import { Card } from '../editor';",
    },
    {
      name: 'a cycle where cycles are not checked (the server, for now)',
      filename: path.join(cyclic, 'features/editor/card.tsx'),
      code: "import { useSets } from '../sets';",
      options: [{ cycles: false }],
    },
    {
      name: "the server's entry is no app shell",
      filename: path.join(temp, 'server/apps/server/src/features/reports/routes.ts'),
      code: "import { buildApp } from '../../app';",
    },
    { name: 'packages', filename: reportPage, code: "import { Select } from 'antd';" },
    {
      name: 'outside features',
      filename: path.join(oneWay, 'app/router.tsx'),
      code: "import x from '../features/reports/report-page';",
    },
  ],
  invalid: [
    {
      name: "another feature's internals",
      filename: reportPage,
      code: "import { FilterCard } from '../filters/components/filter-card';",
      errors: [
        { messageId: 'internal', data: { source: '../filters/components/filter-card', target: 'filters' } },
      ],
    },
    {
      name: 'internals through a dynamic import',
      filename: reportPage,
      code: "const card = import('../filters/components/filter-card');",
      errors: [{ messageId: 'internal' }],
    },
    {
      name: 'the app shell',
      filename: reportPage,
      code: "import { AppProviders } from '../../app/providers';",
      errors: [{ messageId: 'app', data: { source: '../../app/providers' } }],
    },
    {
      name: 'the app shell from a nested folder',
      filename: filterCard,
      code: "export { RouteHandle } from '../../../app/route-handle';",
      errors: [{ messageId: 'app' }],
    },
    {
      name: 'a feature that imports this one back',
      filename: path.join(cyclic, 'features/editor/card.tsx'),
      code: "import { useSets } from '../sets';",
      errors: [{ messageId: 'cycle', data: { source: '../sets', cycle: 'editor → sets → editor' } }],
    },
    {
      name: 'the other side of the same cycle',
      filename: path.join(cyclic, 'features/sets/use-sets.ts'),
      code: "import { Card } from '../editor';",
      errors: [{ messageId: 'cycle', data: { source: '../editor', cycle: 'sets → editor → sets' } }],
    },
    {
      name: 'a longer cycle, named in full',
      filename: path.join(cyclic, 'features/sets/use-sets.ts'),
      code: "import { Board } from '../board';",
      errors: [{ messageId: 'cycle', data: { source: '../board', cycle: 'sets → board → editor → sets' } }],
    },
    {
      name: 'a one-way dependency reversed',
      filename: filterCard,
      code: "import { ReportPage } from '../../reports';",
      errors: [
        { messageId: 'cycle', data: { source: '../../reports', cycle: 'filters → reports → filters' } },
      ],
    },
  ],
});
