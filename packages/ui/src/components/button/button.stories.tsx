import type { Meta, StoryObj } from '@storybook/react';
import { CloseIcon, PlusIcon } from '../icons/icons';
import { Button, IconButton } from './button';

const meta: Meta<typeof Button> = {
  title: 'Basics/Button',
  component: Button,
  args: { children: 'Save' },
};
export default meta;
type Story = StoryObj<typeof Button>;

export const Contained: Story = {};
export const Outlined: Story = { args: { variant: 'outlined' } };
export const Text: Story = { args: { variant: 'text' } };
export const Destructive: Story = { args: { tone: 'destructive', children: 'Suspend account' } };
export const Neutral: Story = { args: { tone: 'neutral' } };
export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <Button {...args} size="small">
        Small
      </Button>
      <Button {...args} size="medium">
        Medium
      </Button>
      <Button {...args} size="large">
        Large
      </Button>
    </div>
  ),
};
export const WithIcon: Story = { args: { startIcon: <PlusIcon size={16} />, children: 'Add' } };
export const Disabled: Story = { args: { isDisabled: true } };
export const Pending: Story = { args: { isPending: true, pendingLabel: 'Saving' } };
export const Icon: Story = {
  render: () => <IconButton label="Close" icon={<CloseIcon />} />,
};
