import type { Meta, StoryObj } from '@storybook/react';
import { Popover } from './popover';

const meta: Meta<typeof Popover> = {
  title: 'Overlays/Popover',
  component: Popover,
  args: {
    label: 'Filters',
    trigger: <button type="button">Filters</button>,
    children: <p style={{ margin: 0 }}>Filter the list by site and status.</p>,
  },
};
export default meta;
type Story = StoryObj<typeof Popover>;

export const Closed: Story = {};
export const Open: Story = { args: { defaultOpen: true } };
export const Above: Story = { args: { defaultOpen: true, placement: 'top-start' } };
