import type { Meta, StoryObj } from '@storybook/react';
import { CenteredSpinner, FullPageSpinner, Spinner } from './spinner';

const meta: Meta<typeof Spinner> = {
  title: 'Basics/Spinner',
  component: Spinner,
  args: { label: 'Loading' },
};
export default meta;
type Story = StoryObj<typeof Spinner>;

export const Medium: Story = {};
export const Small: Story = { args: { size: 'small' } };
export const Large: Story = { args: { size: 'large' } };
export const Silent: Story = { args: { label: undefined } };
export const Centered: Story = { render: () => <CenteredSpinner label="Loading the screen" /> };
export const FullPage: Story = { render: () => <FullPageSpinner label="Checking your session" /> };
