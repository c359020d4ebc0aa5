import type { Meta, StoryObj } from '@storybook/react';
import { TimeField, TimeRangeField } from './time-field';

const meta: Meta<typeof TimeField> = { title: 'Fields/TimeField', component: TimeField };
export default meta;
type Story = StoryObj<typeof TimeField>;

export const Empty: Story = {};
export const WithValue: Story = { args: { defaultValue: '09:30' } };
export const Impossible: Story = { args: { defaultValue: '25:00' } };
export const Invalid: Story = {
  args: { defaultValue: '06:00', errorText: 'Deliveries start at 07:00.' },
};
export const Disabled: Story = { args: { defaultValue: '09:30', isDisabled: true } };
export const Range: Story = {
  render: () => (
    <TimeRangeField label="Delivery window" defaultValue={{ start: '08:00', end: '12:00' }} />
  ),
};
export const RangeInvalid: Story = {
  render: () => (
    <TimeRangeField
      label="Delivery window"
      defaultValue={{ start: '12:00', end: '08:00' }}
      errorText="The end must be after the start."
    />
  ),
};
