import type { Meta, StoryObj } from '@storybook/react';
import { RadioGroup } from './radio';

const meta: Meta<typeof RadioGroup> = {
  title: 'Fields/RadioGroup',
  component: RadioGroup,
  args: {
    label: 'Units',
    options: [
      { value: 'metric', label: 'Metric', description: 'Millimetres and metres' },
      { value: 'imperial', label: 'Imperial', description: 'Inches and feet' },
    ],
  },
};
export default meta;
type Story = StoryObj<typeof RadioGroup>;

export const Default: Story = {};
export const Selected: Story = { args: { defaultValue: 'metric' } };
export const Horizontal: Story = { args: { orientation: 'horizontal', defaultValue: 'imperial' } };
export const Invalid: Story = { args: { errorText: 'Choose a unit system.' } };
export const Disabled: Story = { args: { isDisabled: true, defaultValue: 'metric' } };
