import type { Meta, StoryObj } from '@storybook/react';
import { Progress } from './progress';

const meta: Meta<typeof Progress> = {
  title: 'Basics/Progress',
  component: Progress,
  args: { value: 64, label: 'Remaining length', isLabelVisible: true },
};
export default meta;
type Story = StoryObj<typeof Progress>;

export const Default: Story = {};
export const Empty: Story = { args: { value: 0 } };
export const Full: Story = { args: { value: 100, tone: 'success' } };
export const Low: Story = { args: { value: 18, tone: 'warning' } };
export const Critical: Story = { args: { value: 6, tone: 'error' } };
export const Clamped: Story = { args: { value: 140 } };
export const Unlabelled: Story = { args: { isLabelVisible: false } };
