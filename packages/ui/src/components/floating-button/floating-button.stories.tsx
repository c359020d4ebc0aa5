import type { Meta, StoryObj } from '@storybook/react';
import { PlusIcon } from '../icons/icons';
import { FloatingButton } from './floating-button';

const meta: Meta<typeof FloatingButton> = {
  title: 'Basics/FloatingButton',
  component: FloatingButton,
  args: { label: 'New refill request', icon: <PlusIcon /> },
};
export default meta;
type Story = StoryObj<typeof FloatingButton>;

export const WithLabel: Story = {};
export const IconOnly: Story = { args: { isIconOnly: true } };
export const BottomStart: Story = { args: { placement: 'bottom-start' } };
export const Disabled: Story = { args: { isDisabled: true } };
