import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const components = resolve(import.meta.dirname, '..', 'packages', 'ui', 'src', 'components');

describe('the UI kit', () => {
  it('shows every component it defines in a story', () => {
    const withoutStory = readdirSync(components, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      // A folder that only re-exports another component's parts has nothing of its own to show.
      .filter((name) => existsSync(join(components, name, `${name}.tsx`)))
      .filter((name) => !existsSync(join(components, name, `${name}.stories.tsx`)));
    expect(withoutStory).toEqual([]);
  });
});
