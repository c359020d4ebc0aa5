import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe-core on the rendered document (portals included: dialogs, popovers and menus render
 * outside the story's container) and fails with a readable list of violations.
 */
export async function expectNoAxeViolations(root: Element = document.body): Promise<void> {
  const context = {
    include: [root],
    // Floating UI's invisible focus guards get role="button" on Safari only, to steer VoiceOver;
    // jsdom's navigator says "Apple", so they show up here. They are the library's, not ours.
    exclude: [['[data-floating-ui-focus-guard]']],
  };
  const results = await axe.run(context, {
    rules: {
      // jsdom has no layout or computed colours, so contrast cannot be measured here; Storybook's
      // a11y panel checks it in a real browser.
      'color-contrast': { enabled: false },
      // Page-level rules: a story is a fragment of a page, whose landmarks and h1 are the app's.
      region: { enabled: false },
      'landmark-one-main': { enabled: false },
      'page-has-heading-one': { enabled: false },
    },
  });
  const violations = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help}\n  ${violation.nodes.map((node) => node.html).join('\n  ')}`,
  );
  expect(violations).toEqual([]);
}
