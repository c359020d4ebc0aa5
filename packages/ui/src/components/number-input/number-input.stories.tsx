import type { Meta, StoryObj } from '@storybook/react';
import { NumberInput } from './number-input';

const meta: Meta<typeof NumberInput> = {
  title: 'Fields/NumberInput',
  component: NumberInput,
  args: { label: 'Flange diameter A', unit: 'mm', min: 0 },
};
export default meta;
type Story = StoryObj<typeof NumberInput>;

export const Empty: Story = {};
export const WithValue: Story = { args: { defaultValue: 1250 } };
export const WithDescription: Story = {
  args: {
    label: 'Fill efficiency',
    unit: undefined,
    defaultValue: 0.8,
    step: 0.05,
    max: 1,
    description: 'Between 0 and 1.',
  },
};
export const Invalid: Story = {
  args: { defaultValue: 0, errorText: 'Must be greater than B + 2f.' },
};
export const Disabled: Story = { args: { defaultValue: 1250, isDisabled: true } };
