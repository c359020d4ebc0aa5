import type { Meta, StoryObj } from '@storybook/react';
import { Checkbox } from './checkbox';

const meta: Meta<typeof Checkbox> = {
  title: 'Fields/Checkbox',
  component: Checkbox,
  args: { label: 'Urgent delivery' },
};
export default meta;
type Story = StoryObj<typeof Checkbox>;

export const Unchecked: Story = {};
export const Checked: Story = { args: { defaultSelected: true } };
export const Indeterminate: Story = { args: { isIndeterminate: true, label: 'All drums' } };
export const WithDescription: Story = { args: { description: 'Within 48 hours.' } };
export const Invalid: Story = { args: { errorText: 'Please accept the terms.' } };
export const Disabled: Story = { args: { isDisabled: true } };
