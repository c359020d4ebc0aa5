import type { Meta, StoryObj } from '@storybook/react';
import { Textarea } from './textarea';

const meta: Meta<typeof Textarea> = {
  title: 'Fields/Textarea',
  component: Textarea,
  args: { label: 'Comment' },
};
export default meta;
type Story = StoryObj<typeof Textarea>;

export const Default: Story = {};
export const WithCounter: Story = {
  args: { maxLength: 500, defaultValue: 'Gate 4, ask for Marc.' },
};
export const Full: Story = { args: { maxLength: 10, defaultValue: '0123456789' } };
export const Invalid: Story = { args: { errorText: 'Please add a comment.' } };
export const Disabled: Story = { args: { isDisabled: true, defaultValue: 'Read only' } };
