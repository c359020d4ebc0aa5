import type { StorybookConfig } from '@storybook/react-vite';

// `npm run storybook` (root) serves every component's stories with the accessibility panel.
const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
};

export default config;
