import type { Meta, StoryObj } from '@storybook/react';
import { LogoutIcon, UserIcon } from '../icons/icons';
import { Menu } from './menu';

const meta: Meta<typeof Menu> = {
  title: 'Overlays/Menu',
  component: Menu,
  args: {
    label: 'Account',
    trigger: <button type="button">Jane DOE</button>,
    items: [
      { id: 'profile', label: 'Edit profile', icon: <UserIcon size={16} />, onAction: () => {} },
      { id: 'consent', label: 'Cookie settings', onAction: () => {}, isDisabled: true },
      { id: 'signout', label: 'Sign out', icon: <LogoutIcon size={16} />, onAction: () => {} },
    ],
  },
};
export default meta;

export const Default: StoryObj<typeof Menu> = {};
