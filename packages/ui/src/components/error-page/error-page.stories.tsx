import type { Meta, StoryObj } from '@storybook/react';
import { ErrorIcon } from '../icons/icons';
import { ErrorPage } from './error-page';

const meta: Meta<typeof ErrorPage> = {
  title: 'Layout/ErrorPage',
  component: ErrorPage,
  args: {
    title: 'Page not found',
    description: 'The page you are looking for does not exist.',
    actions: (
      <>
        <button type="button">Go back</button>
        <button type="button">Go home</button>
      </>
    ),
  },
};
export default meta;
type Story = StoryObj<typeof ErrorPage>;

export const NotFound: Story = {};
export const WithIllustration: Story = { args: { illustration: <ErrorIcon size={96} /> } };
