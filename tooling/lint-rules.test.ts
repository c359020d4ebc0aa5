import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The architecture rules live in lint (docs/architecture.md); these cases prove each one bites. */
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

  it("walls off a feature folder added later, and keeps the pages' delivery out of the app", async () => {
    const team = await lint(
      'apps/web/src/features/team/x.ts',
      "import { getMe } from '@/features/auth/api/get-me';\nexport const x = getMe;\n",
    );
    expect(team.join('\n')).toMatch(/A feature never imports another feature/);
    const router = await lint(
      'apps/web/src/app/x.ts',
      "import { pageDelivery } from '@/config/page-delivery';\nexport const x = pageDelivery;\n",
    );
    expect(router.join('\n')).toMatch(/A page's delivery/);
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

  it('forbids a screen comparing a status by hand, not an HTTP status', async () => {
    for (const code of [
      "export const x = (quote: { status: string }) => quote.status === 'accepted';\n",
      "export const x = (status: string) => 'pending' !== status;\n",
      'export const x = (r: { status: string }) => {\n  switch (r.status) {\n    default:\n      return 1;\n  }\n};\n',
    ]) {
      const messages = await lint('apps/web/src/features/spareparts/x.ts', code);
      expect(messages.join('\n'), code).toMatch(/A status is never compared by hand/);
    }
    const http = await lint(
      'apps/web/src/features/spareparts/x.ts',
      'export const x = (error: { status: number }) => error.status === 404;\n',
    );
    expect(http).toEqual([]);
  });

  it("forbids the browser's own select and date fields outside the kit, in features and src/lib", async () => {
    const select =
      'export const X = () => (\n  <select aria-label="Role">\n    <option>Buyer</option>\n  </select>\n);\n';
    const date = (element: string) =>
      `export const X = () => <${element} label="Delivery date" type="date" />;\n`;
    for (const [file, code] of [
      ['apps/web/src/features/team/x.tsx', select],
      ['apps/web/src/lib/x.tsx', select],
      ['apps/web/src/features/backoffice/x.tsx', date('TextField')],
      ['apps/web/src/lib/integration/x.tsx', date('input')],
    ] as const) {
      const messages = (await lint(file, code)).join('\n');
      expect(messages, `${file}: ${code}`).toMatch(/Use (the kit's Dropdown|DayField)/);
    }
    // The status rule still bites beside it in a feature.
    const status = await lint(
      'apps/web/src/features/team/x.tsx',
      "export const x = (status: string) => 'pending' !== status;\n",
    );
    expect(status.join('\n')).toMatch(/A status is never compared by hand/);
    // A text field and the kit's own controls are left alone.
    const allowed = await lint(
      'apps/web/src/features/team/x.tsx',
      'export const X = () => <input aria-label="Name" type="text" />;\n',
    );
    expect(allowed).toEqual([]);
    const kit = await lint(
      'packages/ui/src/components/calendar/x.tsx',
      'export const X = () => (\n  <select aria-label="Year">\n    <option>2026</option>\n  </select>\n);\n',
    );
    expect(kit).toEqual([]);
  });

  it('forbids the UI kit from using the router or translations', async () => {
    const messages = await lint(
      'packages/ui/src/components/x/x.tsx',
      "import { useTranslation } from 'react-i18next';\nexport const x = useTranslation;\n",
    );
    expect(messages.join('\n')).toMatch(/The UI kit takes texts through props/);
  });

  it("keeps the web app on its own i18next set-up, and off its tests' files", async () => {
    const translations = await lint(
      'apps/web/src/app/x.tsx',
      "import { useTranslation } from 'react-i18next';\nexport const x = useTranslation;\n",
    );
    expect(translations.join('\n')).toMatch(/Use useTranslation and Trans from '@\/lib\/i18n'/);
    const instance = await lint(
      'apps/web/src/app/x.tsx',
      "import i18next from 'i18next';\nexport const x = i18next;\n",
    );
    expect(instance.join('\n')).toMatch(/Use the app's i18next instance/);
    const setUp = await lint(
      'apps/web/src/lib/i18n.tsx',
      "import i18next from 'i18next';\nexport const x = i18next;\n",
    );
    expect(setUp).toEqual([]);
    const test = await lint(
      'apps/web/src/app/x.tsx',
      "import { renderWithRouter } from '@/features/refill/testing/render.test';\nexport const x = renderWithRouter;\n",
    );
    expect(test.join('\n')).toMatch(/Source never imports test files/);
    const allowed = await lint(
      'apps/web/src/app/x.tsx',
      "import { Link } from 'react-router';\nimport { useTranslation } from '@/lib/i18n';\nexport const x = [Link, useTranslation];\n",
    );
    expect(allowed).toEqual([]);
  });
});

describe('server layers: config → db → services → http, mail → routes, seed → app', () => {
  const cases: [string, string, string, RegExp][] = [
    [
      'config importing db',
      'config/x.ts',
      "import { openDatabase } from '../db/client';",
      /config reads the settings/,
    ],
    [
      'db importing a service',
      'db/x.ts',
      "import { addDays } from '../services/clock';",
      /db holds the schema/,
    ],
    [
      'a service importing http',
      'services/refill/x.ts',
      "import { errorStatus } from '../../http/error-status';",
      /Services know nothing of HTTP/,
    ],
    [
      'a service importing the mail worker',
      'services/x.ts',
      "import { startMailWorker } from '../mail/worker';",
      /Services know nothing of HTTP/,
    ],
    [
      'a service importing a route',
      'services/x.ts',
      "import { usersRoutes } from '../routes/users/users.routes';",
      /Services know nothing of HTTP/,
    ],
    [
      'a service importing a seed step',
      'services/x.ts',
      "import { seedSteps } from '../seed/seed-steps';",
      /Services know nothing of HTTP/,
    ],
    [
      'http importing the mail worker',
      'http/x.ts',
      "import { startMailWorker } from '../mail/worker';",
      /http \(request plumbing\) and mail/,
    ],
    [
      'the mail worker importing http',
      'mail/x.ts',
      "import { errorStatus } from '../http/error-status';",
      /http \(request plumbing\) and mail/,
    ],
    [
      'http importing a route',
      'http/x.ts',
      "import { usersRoutes } from '../routes/users/users.routes';",
      /http \(request plumbing\) and mail/,
    ],
    [
      'a route importing the app',
      'routes/x.ts',
      "import { buildApp } from '../app';",
      /Routes and seed steps build on/,
    ],
    [
      'a seed step importing a route',
      'seed/x.ts',
      "import { usersRoutes } from '../routes/users/users.routes';",
      /Routes and seed steps build on/,
    ],
  ];
  it.each(cases)('forbids %s', async (_name, file, importLine, message) => {
    const messages = await lint(`apps/server/src/${file}`, `${importLine}\nexport const x = 1;\n`);
    expect(messages.join('\n')).toMatch(message);
  });

  it('lets a route import services, http and the mail worker, and a test reach any layer', async () => {
    const route = await lint(
      'apps/server/src/routes/x.ts',
      "import { DomainError } from '../services/domain-error';\nimport { errorStatus } from '../http/error-status';\nimport type { MailWorker } from '../mail/worker';\nexport const x: [unknown, unknown, MailWorker | null] = [DomainError, errorStatus, null];\n",
    );
    expect(route).toEqual([]);
    const test = await lint(
      'apps/server/src/services/x.test.ts',
      "import { seedSteps } from '../seed/seed-steps';\nexport const x = seedSteps;\n",
    );
    expect(test).toEqual([]);
  });

  it('forbids two server modules importing each other', async () => {
    const dir = await mkdtemp(
      join(resolve(import.meta.dirname, '../apps/server/src/services'), 'cycle-'),
    );
    try {
      await writeFile(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      await writeFile(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      const [result] = await eslint.lintFiles([join(dir, 'a.ts')]);
      const messages = (result?.messages ?? []).map(
        (message) => `${message.ruleId}: ${message.message}`,
      );
      expect(messages.join('\n')).toMatch(/import-x\/no-cycle/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
