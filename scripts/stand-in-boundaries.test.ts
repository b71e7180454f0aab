// The stand-ins (packages/fakes) are product code: the rules in eslint.config.js that keep
// product code off the tests, and the server off the stand-ins, are tested on the real tree.
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

// The probe files exist only in memory, so the type-aware rules (not the point here) are off.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked }],
});

async function ruleIdsOf(file: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('stand-in boundaries (eslint.config.js)', () => {
  it('fails product code that imports from the server tests', async () => {
    const probe =
      "import { apiCall } from '../test/helpers/api.js';\n\nexport const probe = apiCall;\n";
    expect(await ruleIdsOf('apps/server/demo/lint-probe.ts', probe)).toContain(
      'import-x/no-restricted-paths',
    );
    expect(
      await ruleIdsOf(
        'packages/fakes/src/lint-probe.ts',
        "import { apiCall } from '../../../apps/server/test/helpers/api.js';\n\nexport const probe = apiCall;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    // A unit test beside the code is not product code.
    expect(
      await ruleIdsOf(
        'apps/server/src/lib/lint-probe.test.ts',
        "import { apiCall } from '../../test/helpers/api.js';\n\nexport const probe = apiCall;\n",
      ),
    ).toEqual([]);
  });

  it('fails a stand-in that imports from an app', async () => {
    expect(
      await ruleIdsOf(
        'packages/fakes/src/lint-probe.ts',
        "import { loadConfig } from '../../../apps/server/src/config.js';\n\nexport const probe = loadConfig;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('keeps the server off the stand-ins, and lets the demo and the tests start them', async () => {
    const probe =
      "import { startFakeX } from '@cadence/fakes';\n\nexport const probe = startFakeX;\n";
    expect(await ruleIdsOf('apps/server/src/lib/lint-probe.ts', probe)).toEqual([
      'no-restricted-imports',
    ]);
    expect(await ruleIdsOf('apps/server/demo/lint-probe.ts', probe)).toEqual([]);
    expect(await ruleIdsOf('apps/server/test/lint-probe.ts', probe)).toEqual([]);
  });
});
