import type { Meta, StoryObj } from '@storybook/react';
import { Avatar } from './avatar';

const meta: Meta<typeof Avatar> = {
  title: 'Basics/Avatar',
  component: Avatar,
  args: { firstName: 'Jane', lastName: 'Doe' },
};
export default meta;
type Story = StoryObj<typeof Avatar>;

export const Medium: Story = {};
export const Small: Story = { args: { size: 'small' } };
export const Large: Story = { args: { size: 'large' } };
