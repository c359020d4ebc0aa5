import type { Meta, StoryObj } from '@storybook/react';
import { PhoneInput } from './phone-input';

const meta = {
  title: 'Inputs/PhoneInput',
  component: PhoneInput,
  args: { label: 'Contact phone' },
} satisfies Meta<typeof PhoneInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithNumber: Story = { args: { defaultValue: '+33 06 12 34 56 78' } };
export const OtherCountry: Story = { args: { defaultCountry: 'GB', locale: 'en' } };
export const FrenchNames: Story = { args: { label: 'Téléphone', locale: 'fr' } };
export const WithoutDialCode: Story = { args: { isDialCodeDisabled: true } };
export const Invalid: Story = {
  args: { defaultValue: '+33 12', errorText: 'Enter a valid phone number', isRequired: true },
};
export const Disabled: Story = { args: { isDisabled: true, defaultValue: '+33 06 12 34 56 78' } };
