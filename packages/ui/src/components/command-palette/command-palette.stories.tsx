import type { Meta, StoryObj } from '@storybook/react';
import { CommandPalette, type CommandGroup } from './command-palette';

const groups: CommandGroup[] = [
  {
    id: 'navigate',
    heading: 'Navigate',
    items: [
      { id: 'refill', label: 'Refill', keywords: ['drums'], onSelect: () => undefined },
      { id: 'calculator', label: 'Calculator', onSelect: () => undefined },
      { id: 'spareparts', label: 'Spare parts', onSelect: () => undefined },
    ],
  },
  {
    id: 'account',
    heading: 'Account',
    items: [
      {
        id: 'language',
        label: 'Switch language',
        shortcut: 'Ctrl+Shift+L',
        onSelect: () => undefined,
      },
      {
        id: 'signout',
        label: 'Sign out',
        description: 'End this session',
        onSelect: () => undefined,
      },
      { id: 'admin', label: 'Administration', isDisabled: true, onSelect: () => undefined },
    ],
  },
];

const meta = {
  title: 'Navigation/CommandPalette',
  component: CommandPalette,
  args: { label: 'Command palette', groups, defaultOpen: true },
} satisfies Meta<typeof CommandPalette>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const NoResult: Story = { args: { groups: [] } };
export const Searching: Story = { args: { isPending: true, onSearch: () => undefined } };
