import type { Meta, StoryObj } from '@storybook/react';
import { RangeSlider } from './range-slider';

const meta = {
  title: 'Inputs/RangeSlider',
  component: RangeSlider,
  args: { label: 'Remaining', formatValue: (value: number) => `${value} %` },
} satisfies Meta<typeof RangeSlider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {};
export const Narrowed: Story = { args: { defaultValue: [20, 60] } };
export const Stepped: Story = { args: { step: 5, defaultValue: [10, 90], minRange: 10 } };
export const WithDescription: Story = { args: { description: 'Of the initial length' } };
export const Invalid: Story = { args: { errorText: 'Choose a narrower range' } };
export const Disabled: Story = { args: { isDisabled: true, defaultValue: [30, 70] } };
