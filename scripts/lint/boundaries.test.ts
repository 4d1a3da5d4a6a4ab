// The import-boundary rule, run through the project's real ESLint config on files placed
// where the convention forbids the import (they need not exist: ESLint lints the text).
import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { violation } from './boundaries.mjs';

// The fixtures are not files of any tsconfig, so the type-aware rules are off for them.
const eslint = new ESLint({
  cwd: new URL('../..', import.meta.url).pathname,
  overrideConfig: {
    files: ['**/fixture.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    ['contract/fixture.ts', "import { x } from '../api/http/http.ts';\nexport const y = x;\n", 'contract imports nothing of ours'],
    ['contract/quiz/fixture.ts', "export { z } from '../../pwa/lib/http.ts';\n", 'contract imports nothing of ours'],
    [
      'pwa/lib/fixture.ts',
      "import { x } from '../../api/http/http.ts';\nexport const y = x;\n",
      'pwa imports only pwa/, contract/ and pdf/',
    ],
    ['api/lib/fixture.ts', "export const load = () => import('../../pwa/lib/http.ts');\n", 'api imports only api/, contract/ and pdf/'],
    ['pdf/fixture.ts', "import { x } from '../contract/api.ts';\nexport const y = x;\n", 'pdf imports nothing of ours'],
    ['pdf/fixture.ts', "import { x } from '../api/lib/html.ts';\nexport const y = x;\n", 'pdf imports nothing of ours'],
    ['api/lib/fixture.ts', "import { up } from '../../migrations/2026-11-21T0001_leads.ts';\nexport const y = up;\n", 'api imports only'],
    [
      'api/lib/fixture.ts',
      "import { nowOf } from '../deps.ts';\nexport const y = nowOf;\n",
      'api/lib knows nothing of the product: it imports only api/lib/ (found api/deps)',
    ],
    ['api/lib/fixture.ts', "import type { Answer } from '../ingest/ingest.ts';\nexport type Y = Answer;\n", '(found api/ingest)'],
    [
      'api/lib/fixture.ts',
      "import { API_MESSAGES } from '../../contract/messages.ts';\nexport const y = API_MESSAGES;\n",
      '(found contract/)',
    ],
    ['api/config/fixture.ts', "import { parse } from '../desk/working-hours.ts';\nexport const y = parse;\n", "api's config imports only"],
    [
      'pwa/features/home/fixture.tsx',
      "import { QuizPage } from '../quiz/QuizPage.tsx';\nexport const y = QuizPage;\n",
      "feature 'home' imports feature 'quiz'",
    ],
    [
      'pwa/features/quiz/fixture.ts',
      "import { PATHS } from '../../app/paths.ts';\nexport const y = PATHS;\n",
      'a feature does not import the app',
    ],
    [
      'pwa/components/fixture.tsx',
      "import { HomePage } from '../features/home/HomePage.tsx';\nexport const y = HomePage;\n",
      'shared pwa code imports no feature',
    ],
    [
      'pwa/hooks/fixture.ts',
      "import { PATHS } from '../app/paths.ts';\nexport const y = PATHS;\n",
      'shared pwa code does not import the app',
    ],
  ])('%s: a forbidden import is an error', async (file, code, why) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(why);
  });

  it.each([
    ['pwa/brochures/fixture.ts', "import { ScriptText } from '../../pdf/script-text.ts';\nexport const y = ScriptText;\n"],
    ['api/sessions/fixture.ts', "import { ScriptText } from '../../pdf/script-text.ts';\nexport const y = ScriptText;\n"],
    [
      'pwa/features/quiz/fixture.ts',
      "import { x } from '../../../contract/quiz/items.ts';\nimport { y } from '../../lib/http.ts';\nimport { z } from './outcome.ts';\nexport const w = [x, y, z];\n",
    ],
    [
      'api/http/fixture.ts',
      "import { x } from '../../contract/api.ts';\nimport { y } from './http.ts';\nimport { z } from '../lib/logger.ts';\nimport { Hono } from 'hono';\nexport const w = [x, y, z, Hono];\n",
    ],
    [
      'api/lib/fixture.ts',
      "import { x } from './logger.ts';\nimport { createHash } from 'node:crypto';\nexport const w = [x, createHash];\n",
    ],
    [
      'api/config/fixture.ts',
      "import { x } from '../../contract/brand.ts';\nimport { y } from '../lib/signing-jwk.ts';\nimport { z } from './push.ts';\nexport const w = [x, y, z];\n",
    ],
    ['pwa/app/fixture.tsx', "import { HomePage } from '../features/home/HomePage.tsx';\nexport const y = HomePage;\n"],
    ['tests/fixture.ts', "import { x } from '../api/http/http.ts';\nimport { y } from '../pwa/lib/http.ts';\nexport const w = [x, y];\n"],
  ])('%s: an allowed import passes', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });

  it('counts api/config.ts itself as config', () => {
    const root = new URL('../..', import.meta.url).pathname;
    const at = (file: string) => path.join(root, file);
    expect(violation(at('api/config.ts'), at('api/desk/working-hours.ts'))).toContain("api's config imports only");
    expect(violation(at('api/config.ts'), at('api/config/working-hours.ts'))).toBeNull();
    expect(violation(at('api/desk/working-hours.ts'), at('api/config.ts'))).toBeNull();
  });
});
