import { resolve } from 'node:path';
import stylelint from 'stylelint';
import { describe, expect, it } from 'vitest';

/** Feature and kit CSS takes its values from the design tokens; these cases prove the rule bites. */
const cwd = resolve(import.meta.dirname, '..');

async function lint(filePath: string, code: string): Promise<string[]> {
  const { results } = await stylelint.lint({ code, codeFilename: resolve(cwd, filePath), cwd });
  const [result] = results;
  return (result?.warnings ?? []).map((warning) => `${warning.rule}: ${warning.text}`);
}

const feature = 'apps/web/src/features/refill/components/x.module.css';

describe('token values', () => {
  it.each([
    ['a hex colour', 'color: #d92b2b;', /#d92b2b is a colour written by hand.*var\(--red-500\)/],
    [
      'a colour function',
      'background: rgb(20 23 28 / 40%);',
      /rgb\(\) is a colour written by hand/,
    ],
    ['a colour name', 'border: 1px solid red;', /color-named/],
    [
      'a padding in pixels',
      'padding: 12px var(--space-sm);',
      /padding: 12px is a magic number.*var\(--space-md\)/,
    ],
    ['a margin', 'margin-inline-start: -4px;', /margin-inline-start: -4px is a magic number/],
    ['a gap', 'gap: 2px;', /gap: 2px is a magic number.*var\(--space-2xs\)/],
    ['a font size in rem', 'font-size: 0.875rem;', /font-size: 0.875rem.*var\(--font-size-/],
    ['a radius', 'border-radius: 4px;', /border-radius: 4px.*var\(--radius-sm\)/],
    ['a corner radius', 'border-start-start-radius: 6px;', /border-start-start-radius: 6px/],
    ['a shadow', 'box-shadow: 0 4px 16px var(--shadow-edge);', /box-shadow: 4px/],
    ['a literal in calc', 'padding: calc(var(--space-sm) + 3px);', /padding: 3px/],
    ['a literal fallback', 'gap: var(--space-2, 8px);', /gap: 8px is a magic number/],
    [
      'a colour fallback',
      'color: var(--color-text-secondary, #4b5260);',
      /#4b5260.*var\(--gray-600\)/,
    ],
  ])('forbids %s', async (_name, declaration, message) => {
    const messages = await lint(feature, `.x {\n  ${declaration}\n}\n`);
    expect(messages.join('\n')).toMatch(message);
  });

  it('lets tokens, zero, keywords, proportions, calc of tokens and one-pixel borders through', async () => {
    const messages = await lint(
      'packages/ui/src/components/x/x.module.css',
      [
        '.x {',
        '  margin: 0 auto;',
        '  padding: var(--space-sm) var(--space-md);',
        '  margin-inline-start: calc(-1 * var(--space-xs));',
        '  padding-inline: calc((var(--height-navbar) - var(--size-icon)) / 2);',
        '  gap: var(--grid-gap, var(--space-xl));',
        '  border: 1px solid var(--color-border);',
        '  border-radius: 50%;',
        '  box-shadow: var(--focus-ring), 0 0 0 1px var(--color-primary);',
        '  font-size: inherit;',
        '  color: currentcolor;',
        '  background: transparent;',
        '  inline-size: 18px;',
        '}',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });

  it('takes a value kept by hand only with the reason written beside it', async () => {
    const withReason = await lint(
      feature,
      '.x {\n  /* stylelint-disable-next-line portal/token-values -- user units of the drawing. */\n  font-size: 15px;\n}\n',
    );
    expect(withReason).toEqual([]);
    const withoutReason = await lint(
      feature,
      '.x {\n  /* stylelint-disable-next-line portal/token-values */\n  font-size: 15px;\n}\n',
    );
    expect(withoutReason.join('\n')).toMatch(
      /--report-descriptionless-disables: .* missing a description/,
    );
  });
});
