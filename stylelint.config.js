// Stylelint checks what ESLint cannot see: that feature and kit CSS takes its values from the design
// tokens (tooling/stylelint/token-values.js). `npm run lint` runs it; tooling/stylelint-rules.test.ts
// proves the rule bites.
/** @type {import('stylelint').Config} */
export default {
  plugins: ['./tooling/stylelint/token-values.js'],
  // A value kept by hand says why, and a disable comment that no longer silences anything goes.
  reportDescriptionlessDisables: true,
  reportNeedlessDisables: true,
  reportInvalidScopeDisables: true,
  rules: {
    'portal/token-values': true,
    'color-named': ['never', { message: 'Use a colour token, var(--color-…), not a colour name.' }],
  },
};
