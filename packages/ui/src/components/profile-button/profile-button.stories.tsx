import type { Meta, StoryObj } from '@storybook/react';
import { ProfileButton } from './profile-button';

const meta: Meta<typeof ProfileButton> = {
  title: 'Basics/ProfileButton',
  component: ProfileButton,
  args: { firstName: 'Jane', lastName: 'Doe', info: 'Demo Industries' },
};
export default meta;
type Story = StoryObj<typeof ProfileButton>;

export const WithInfo: Story = {};
export const NameOnly: Story = { args: { info: undefined } };
export const AvatarMode: Story = { args: { isAvatar: true } };
