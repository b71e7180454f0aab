// The import rules in eslint.config.js are themselves tested: a lint rule that cannot fail
// would let feature folders grow back into each other unnoticed.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const fixtures = path.join(root, 'scripts/lint-fixtures/web/src');

interface ImportRules {
  featureBoundaries: (srcDir: string) => Linter.Config;
  noImportCycles: (globs: string[]) => Linter.Config;
}

async function fixtureLinter() {
  const rules = (await import(
    pathToFileURL(path.join(root, 'eslint.config.js')).href
  )) as ImportRules;
  return new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      rules.featureBoundaries(fixtures),
      rules.noImportCycles(['scripts/lint-fixtures/**/*.ts']),
    ],
  });
}

async function ruleIdsOf(eslint: ESLint, file: string) {
  const [result] = await eslint.lintFiles([path.join(fixtures, file)]);
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('import rules (eslint.config.js)', () => {
  it('fails a feature that imports another feature', async () => {
    const eslint = await fixtureLinter();
    expect(await ruleIdsOf(eslint, 'features/alpha/imports-feature.ts')).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('passes a feature that imports components and lib', async () => {
    const eslint = await fixtureLinter();
    expect(await ruleIdsOf(eslint, 'features/alpha/imports-shared.ts')).toEqual([]);
  });

  it('fails shared code that imports a feature', async () => {
    const eslint = await fixtureLinter();
    expect(await ruleIdsOf(eslint, 'lib/imports-feature.ts')).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('fails a cycle of value imports, on both of its files', async () => {
    const eslint = await fixtureLinter();
    expect(await ruleIdsOf(eslint, 'lib/cycle-a.ts')).toEqual(['import-x/no-cycle']);
    expect(await ruleIdsOf(eslint, 'lib/cycle-b.ts')).toEqual(['import-x/no-cycle']);
  });

  it('lets a cycle through when one side imports only types', async () => {
    const eslint = await fixtureLinter();
    expect(await ruleIdsOf(eslint, 'lib/type-cycle-a.ts')).toEqual([]);
    expect(await ruleIdsOf(eslint, 'lib/type-cycle-b.ts')).toEqual([]);
  });

  it('applies the boundary to the real web app', async () => {
    // The probe file exists only in memory, so the type-aware rules (not the point here) are off.
    const eslint = new ESLint({
      cwd: root,
      overrideConfig: [{ files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked }],
    });
    const lint = (feature: string, source: string) =>
      eslint.lintText(source, {
        filePath: path.join(root, `apps/web/src/features/${feature}/components/lint-probe.ts`),
      });
    const [crossing] = await lint(
      'posts',
      "import { getIndustryLabel } from '../../companies/utils/company-display';\n\nexport const probe = getIndustryLabel;\n",
    );
    expect(crossing!.messages.map((message) => message.ruleId)).toContain(
      'import-x/no-restricted-paths',
    );
    const [shared] = await lint(
      'posts',
      "import { NetworkMark } from '../../../components/entities/network-mark';\n\nexport const probe = NetworkMark;\n",
    );
    expect(shared!.messages.map((message) => message.ruleId)).not.toContain(
      'import-x/no-restricted-paths',
    );
  });
});
