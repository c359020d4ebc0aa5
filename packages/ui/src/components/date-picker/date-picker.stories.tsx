import type { Meta, StoryObj } from '@storybook/react';
import { fr } from 'date-fns/locale/fr';
import { DatePicker } from './date-picker';

const meta = {
  title: 'Inputs/DatePicker',
  component: DatePicker,
  args: { label: 'Delivery date' },
} satisfies Meta<typeof DatePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithValue: Story = { args: { defaultValue: new Date(2026, 10, 12) } };
export const French: Story = {
  args: { label: 'Date de livraison', locale: fr, defaultValue: new Date(2026, 10, 12) },
};
export const WithTime: Story = {
  args: { hasTime: true, defaultValue: new Date(2026, 10, 12, 14, 30) },
};
export const Range: Story = {
  args: {
    mode: 'range',
    label: 'Period',
    defaultValue: { from: new Date(2026, 10, 2), to: new Date(2026, 10, 9) },
  },
};
export const Multiple: Story = {
  args: {
    mode: 'multiple',
    label: 'Days',
    defaultValue: [new Date(2026, 10, 2), new Date(2026, 10, 4)],
  },
};
export const Invalid: Story = {
  args: { errorText: 'Choose a working day', isRequired: true, description: 'Not on weekends' },
};
export const Disabled: Story = { args: { isDisabled: true, defaultValue: new Date(2026, 10, 12) } };
