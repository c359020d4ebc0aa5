import { composeStories } from '@storybook/react';
import { act, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, it } from 'vitest';
import { expectNoAxeViolations } from './axe';

type StoriesModule = Parameters<typeof composeStories>[0];

// Every story of the kit, part B's and the token pages included, is rendered and checked with
// axe: a component cannot ship a visual state that is not accessible.
const modules = import.meta.glob<StoriesModule>('../src/**/*.stories.tsx', {
  eager: true,
});

describe.each(Object.entries(modules))('stories of %s', (_path, module) => {
  // A glob cannot carry each module's story types: every composed story is a component.
  const stories = Object.entries(composeStories(module)) as Array<[string, ComponentType]>;
  // Large stories (a calendar grid) take a few seconds under axe on a 2-core machine.
  it.each(stories)('%s has no axe violations', { timeout: 30_000 }, async (_name, Story) => {
    render(<Story />);
    // Let Floating UI position and focus portalled content before checking.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await expectNoAxeViolations();
  });
});
