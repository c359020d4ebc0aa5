import type { Meta, StoryObj } from '@storybook/react';
import { Badge } from './badge';

const meta: Meta<typeof Badge> = { title: 'Basics/Badge', component: Badge, args: { value: 3 } };
export default meta;
type Story = StoryObj<typeof Badge>;

export const Value: Story = {};
export const AboveMax: Story = { args: { value: 120, max: 99 } };
export const Zero: Story = { args: { value: 0, showZero: true } };
export const Tones: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <Badge value={1} tone="primary" />
      <Badge value={2} tone="destructive" />
      <Badge value={3} tone="success" />
      <Badge value={4} tone="warning" />
      <Badge value={5} tone="neutral" />
    </div>
  ),
};
