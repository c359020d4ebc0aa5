import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { destructiveActions, isDestructiveAction } from '@portal/contract';

const webSource = resolve(import.meta.dirname, '..');

function components(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return components(path);
    return entry.endsWith('.tsx') && !entry.includes('.test.') ? [path] : [];
  });
}

/**
 * Every `<Button …>…</Button>` and `<ConfirmButton … />` of the app's components, with the file
 * it is in; the confirm button's own file draws whatever label its callers give it.
 */
const buttons = components(webSource)
  .filter((path) => !path.endsWith('confirm-button.tsx'))
  .flatMap((path) =>
    [
      ...readFileSync(path, 'utf8').matchAll(
        /<Button\b[\s\S]*?<\/Button>|<ConfirmButton\b[\s\S]*?\/>/g,
      ),
    ].map((match) => ({ file: relative(webSource, path), element: match[0] })),
  );

/** The translation keys a button's words come from. */
function labelKeys(element: string): string[] {
  return [...element.matchAll(/\bt\(\s*'([^']+)'/g)].map((match) => match[1] ?? '');
}

/**
 * The last part of a key names the action (`handling.cancel`, `members.confirmRemove`; signing
 * the other sessions out revokes them) when the key sits in a section; a namespace's own
 * `cancel` is the "close this" of a dialog.
 */
function actionOf(key: string): string | null {
  const path = key.split(':').pop() ?? '';
  const parts = path.split('.');
  if (parts.length < 2) return null;
  const last = (parts.at(-1) ?? '').toLowerCase();
  if (last.includes('signoutothers')) return 'revoke';
  return destructiveActions.find((action) => last.includes(action)) ?? null;
}

const drawnDestructive = (element: string) =>
  element.startsWith('<ConfirmButton') ||
  /tone=(?:"destructive"|\{[^}]*'destructive')/.test(element);

/** A button that closes a form or a dialog and changes nothing ("Cancel" a dialog) is no action. */
const dismisses = (element: string) =>
  /variant="text"/.test(element) || /onPress=\{on(?:Close|Cancel)\}/.test(element);

describe('the tone of an action', () => {
  it('finds the buttons it checks', () => {
    expect(buttons.length).toBeGreaterThan(50);
    expect(isDestructiveAction('cancel')).toBe(true);
    expect(isDestructiveAction('confirm')).toBe(false);
  });

  it('is the danger tone only for an action that stops or undoes something', () => {
    const misdrawn = buttons
      .filter(({ element }) => drawnDestructive(element))
      .filter(({ element }) => !labelKeys(element).some((key) => actionOf(key) !== null))
      .map(({ file, element }) => `${file}: ${labelKeys(element).join(', ')}`);
    expect(misdrawn).toEqual([]);
  });

  it('is the danger tone for every action that stops or undoes something', () => {
    const undrawn = buttons
      .filter(({ element }) => labelKeys(element).some((key) => actionOf(key) !== null))
      .filter(({ element }) => !dismisses(element) && !drawnDestructive(element))
      .map(({ file, element }) => `${file}: ${labelKeys(element).join(', ')}`);
    expect(undrawn).toEqual([]);
  });
});
