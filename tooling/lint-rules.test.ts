import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The architecture rules live in lint (CONVENTIONS 8–9); these cases prove each one bites. */
const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '..') });

async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('lint boundaries', () => {
  it('forbids a feature importing another feature', async () => {
    const messages = await lint(
      'apps/web/src/features/refill/x.ts',
      "import { getMe } from '@/features/auth/api/get-me';\nexport const x = getMe;\n",
    );
    expect(messages.join('\n')).toMatch(/A feature never imports another feature/);
  });

  it('lets a feature import its own files and src/lib', async () => {
    const messages = await lint(
      'apps/web/src/features/auth/x.ts',
      "import { getMe } from '@/features/auth/api/get-me';\nimport { apiRequest } from '@/lib/api-client';\nexport const x = [getMe, apiRequest];\n",
    );
    expect(messages).toEqual([]);
  });

  it('forbids a package importing an app', async () => {
    const messages = await lint(
      'packages/contract/src/x.ts',
      "import { workspaceRoot } from '../../../apps/server/src/config/paths';\nexport const x = workspaceRoot;\n",
    );
    expect(messages.join('\n')).toMatch(/Packages never import apps/);
  });

  it('forbids source importing a test file', async () => {
    const messages = await lint(
      'apps/server/src/x.ts',
      "import { startTestServer } from '../test/test-server';\nexport const x = startTestServer;\n",
    );
    expect(messages.join('\n')).toMatch(/Source never imports test files/);
  });

  it('forbids reading process.env outside the settings module', async () => {
    const messages = await lint('apps/server/src/x.ts', 'export const port = process.env.PORT;\n');
    expect(messages.join('\n')).toMatch(/Read settings from apps\/server\/src\/config\/env.ts/);
  });

  it('forbids the UI kit from using the router or translations', async () => {
    const messages = await lint(
      'packages/ui/src/components/x/x.tsx',
      "import { useTranslation } from 'react-i18next';\nexport const x = useTranslation;\n",
    );
    expect(messages.join('\n')).toMatch(/The UI kit takes texts through props/);
  });
});
