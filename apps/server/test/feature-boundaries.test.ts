import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's real ESLint configuration, on code that is only linted, never written to disk.
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'local/feature-boundaries').map((m) => m.message);
}

describe('feature boundaries', () => {
  it("refuses a web feature reaching into another feature's internals", async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/settings/components/x.tsx',
      "import { useMe } from '../../account/api/use-me';\nexport const x = useMe;\n",
    );
    expect(errors).toEqual([expect.stringContaining("import it from 'account'")]);
  });

  it("allows another feature's index, the feature's own files and lib/", async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/settings/components/x.tsx',
      [
        "import { useMe } from '../../account';",
        "import { BillingTab } from './billing-tab';",
        "import { api } from '../../../lib/api-client';",
        'export const x = [useMe, BillingTab, api];',
      ].join('\n') + '\n',
    );
    expect(errors).toEqual([]);
  });

  it("refuses a server feature importing another feature's non-public file", async () => {
    const errors = await boundaryErrors(
      'apps/server/src/features/reports/x.ts',
      "import { loadAccount } from '../account/repo';\nexport const x = loadAccount;\n",
    );
    expect(errors).toHaveLength(1);
    expect(
      await boundaryErrors(
        'apps/server/src/features/reports/x.ts',
        "import { loadAccount } from '../account';\nexport const x = loadAccount;\n",
      ),
    ).toEqual([]);
  });

  it('leaves code outside features (app.ts, jobs, providers) free to wire features together', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/jobs/x.ts',
      "import { processReport } from '../features/reports/process-report';\nexport const x = processReport;\n",
    );
    expect(errors).toEqual([]);
  });
});
