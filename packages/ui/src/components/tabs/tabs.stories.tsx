import type { Meta, StoryObj } from '@storybook/react';
import { Tabs } from './tabs';

const items = [
  { id: 'capacity', label: 'Capacity', content: <p>Length a drum holds.</p> },
  { id: 'remaining', label: 'Remaining length', content: <p>Length left on a drum.</p> },
  { id: 'drum', label: 'Drum for a length', content: <p>Smallest drum for a length.</p> },
];

const meta = {
  title: 'Navigation/Tabs',
  component: Tabs,
  args: { label: 'Calculator mode', items },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SecondSelected: Story = { args: { defaultSelectedId: 'remaining' } };
export const WithDisabledTab: Story = {
  args: { items: items.map((item, index) => ({ ...item, isDisabled: index === 2 })) },
};
export const FullWidth: Story = { args: { isFullWidth: true } };
