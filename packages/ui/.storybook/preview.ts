import type { Preview } from '@storybook/react';
import '../src/tokens/tokens.css';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    // Report axe violations as errors in the panel, as the `ui` test project does.
    a11y: { test: 'error' },
  },
};

export default preview;
