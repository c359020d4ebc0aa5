import type { Meta, StoryObj } from '@storybook/react';
import { fr } from 'date-fns/locale/fr';
import { Calendar } from './calendar';

const month = new Date(2026, 10, 1);

const meta = {
  title: 'Inputs/Calendar',
  component: Calendar,
  args: { label: 'Delivery date', defaultMonth: month },
} satisfies Meta<typeof Calendar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Single: Story = { args: { defaultValue: new Date(2026, 10, 12) } };
export const French: Story = { args: { locale: fr, label: 'Date de livraison' } };
export const MinMaxAndWeekends: Story = {
  args: {
    minDate: new Date(2026, 10, 10),
    maxDate: new Date(2026, 11, 20),
    disabledDays: { dayOfWeek: [0, 6] },
  },
};
export const Multiple: Story = {
  args: {
    mode: 'multiple',
    maxDays: 3,
    defaultValue: [new Date(2026, 10, 3), new Date(2026, 10, 5)],
  },
};
export const Range: Story = {
  args: {
    mode: 'range',
    maxLength: 14,
    defaultValue: { from: new Date(2026, 10, 9), to: new Date(2026, 10, 13) },
  },
};
export const Disabled: Story = { args: { isDisabled: true } };
