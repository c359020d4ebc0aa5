import type { Meta, StoryObj } from '@storybook/react';
import { TextField } from './text-field';

const meta: Meta<typeof TextField> = {
  title: 'Fields/TextField',
  component: TextField,
  args: { label: 'E-mail', name: 'email' },
};
export default meta;
type Story = StoryObj<typeof TextField>;

export const Default: Story = {};
export const WithDescription: Story = { args: { description: 'We send your sign-in link there.' } };
export const Required: Story = { args: { isRequired: true } };
export const Error: Story = { args: { errorText: 'Enter a valid e-mail address.' } };
export const Info: Story = { args: { status: 'info', statusText: 'Used for delivery notices.' } };
export const Success: Story = { args: { status: 'success', statusText: 'Address verified.' } };
export const Warning: Story = { args: { status: 'warning', statusText: 'Personal address.' } };
export const Disabled: Story = { args: { isDisabled: true, defaultValue: 'jane@example.com' } };
