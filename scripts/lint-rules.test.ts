// The import rules in eslint.config.js are themselves tested: a lint rule that cannot fail
// would let feature folders grow back into each other unnoticed.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const fixtures = path.join(root, 'scripts/lint-fixtures/web/src');
const serverFixtures = path.join(root, 'scripts/lint-fixtures/server');

interface ImportRules {
  featureBoundaries: (srcDir: string) => Linter.Config;
  noImportCycles: (globs: string[]) => Linter.Config;
  serverModuleDoors: (serverDir: string) => Linter.Config;
}

const importRules = async () =>
  (await import(pathToFileURL(path.join(root, 'eslint.config.js')).href)) as ImportRules;

async function fixtureLinter() {
  const rules = await importRules();
  return new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      rules.featureBoundaries(fixtures),
      rules.serverModuleDoors(serverFixtures),
      rules.noImportCycles(['scripts/lint-fixtures/**/*.ts']),
    ],
  });
}

async function ruleIdsOf(eslint: ESLint, file: string, folder = fixtures) {
  const [result] = await eslint.lintFiles([path.join(folder, file)]);
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

  describe('server module doors', () => {
    const lint = async (file: string) => ruleIdsOf(await fixtureLinter(), file, serverFixtures);

    it("fails a module that imports another module's inner file, for a value or a type", async () => {
      expect(await lint('src/modules/alpha/imports-inner.ts')).toEqual([
        'import-x/no-restricted-paths',
      ]);
      expect(await lint('src/modules/alpha/imports-inner-type.ts')).toEqual([
        'import-x/no-restricted-paths',
      ]);
    });

    it('passes a module that imports another through its door, and its own files', async () => {
      expect(await lint('src/modules/alpha/imports-door.ts')).toEqual([]);
      expect(await lint('src/modules/alpha/imports-own.ts')).toEqual([]);
      expect(await lint('src/modules/beta/beta.repository.ts')).toEqual([]);
      expect(await lint('src/modules/beta/index.ts')).toEqual([]);
    });

    it('holds the composition root and the tests to the doors too', async () => {
      // container.ts: its door import of alpha passes, its inner import of beta fails.
      expect(await lint('src/container.ts')).toEqual(['import-x/no-restricted-paths']);
      expect(await lint('test/imports-inner.int.test.ts')).toEqual([
        'import-x/no-restricted-paths',
      ]);
    });

    it('fails lib/ importing a module, even through its door', async () => {
      expect(await lint('src/lib/imports-module.ts')).toEqual(['import-x/no-restricted-paths']);
    });

    // Parses every server file: longer than the default five seconds on a busy machine.
    it('applies the doors to the real server with no violation', async () => {
      const rules = await importRules();
      const eslint = new ESLint({
        cwd: root,
        overrideConfigFile: true,
        overrideConfig: [
          { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
          rules.serverModuleDoors(path.join(root, 'apps/server')),
        ],
      });
      const results = await eslint.lintFiles(['apps/server/{src,demo,test}/**/*.ts']);
      expect(results.length).toBeGreaterThan(200);
      // Only this rule is on, so the files' disable comments for other rules are left out.
      const violations = results.flatMap((result) =>
        result.messages
          .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
          .map((message) => `${result.filePath}: ${message.message}`),
      );
      expect(violations).toEqual([]);

      // And eslint.config.js holds them: a deep import from the real tree fails.
      const real = new ESLint({
        cwd: root,
        overrideConfig: [{ files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked }],
      });
      const probe = async (file: string, source: string) => {
        const [result] = await real.lintText(source, { filePath: path.join(root, file) });
        return result!.messages.map((message) => message.ruleId);
      };
      expect(
        await probe(
          'apps/server/src/modules/admin/lint-probe.ts',
          "import { updatePlanPricing } from '../billing/admin-billing.service.js';\n\nexport const probe = updatePlanPricing;\n",
        ),
      ).toContain('import-x/no-restricted-paths');
      expect(
        await probe(
          'apps/server/src/modules/admin/lint-probe.ts',
          "import { updatePlanPricing } from '../billing/index.js';\n\nexport const probe = updatePlanPricing;\n",
        ),
      ).not.toContain('import-x/no-restricted-paths');
      expect(
        await probe(
          'apps/server/src/lint-probe.ts',
          "import type { BillingDeps } from './modules/billing/billing-deps.js';\n\nexport type Probe = BillingDeps;\n",
        ),
      ).toContain('import-x/no-restricted-paths');
    }, 120_000);
  });
});
