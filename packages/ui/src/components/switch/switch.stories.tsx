import type { Meta, StoryObj } from '@storybook/react';
import { Switch } from './switch';

const meta: Meta<typeof Switch> = {
  title: 'Fields/Switch',
  component: Switch,
  args: { label: 'Accept' },
};
export default meta;
type Story = StoryObj<typeof Switch>;

export const Off: Story = {};
export const On: Story = { args: { defaultSelected: true } };
export const WithDescription: Story = { args: { description: 'Anonymous audience statistics.' } };
export const Disabled: Story = { args: { isDisabled: true, defaultSelected: true } };
