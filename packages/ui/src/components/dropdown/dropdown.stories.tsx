import type { Meta, StoryObj } from '@storybook/react';
import { Dropdown } from './dropdown';

interface Family {
  code: string;
  label: string;
  family: string;
}

const products: Family[] = [
  { code: 'u1000', label: 'U-1000 R2V', family: 'Low voltage' },
  { code: 'h07', label: 'H07RN-F', family: 'Low voltage' },
  { code: 'nfc', label: 'NF C 33-226', family: 'Medium voltage' },
  { code: 'hta', label: 'HTA 150 mm²', family: 'Medium voltage' },
  { code: 'fo', label: 'Fibre optic 24 FO', family: 'Telecom' },
];

const meta = {
  title: 'Inputs/Dropdown',
  component: Dropdown<Family>,
  args: { label: 'Product', options: products, keyField: 'code' },
} satisfies Meta<typeof Dropdown<Family>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Selected: Story = { args: { defaultValue: 'h07', isClearable: true } };
export const Grouped: Story = { args: { groupField: 'family', isSearchable: true } };
export const Multiple: Story = {
  args: { selectionMode: 'multiple', defaultValue: ['u1000', 'fo'], isClearable: true },
};
export const WithDescription: Story = { args: { description: 'The cable on the drum' } };
export const Invalid: Story = { args: { errorText: 'Choose a product', isRequired: true } };
export const Disabled: Story = { args: { isDisabled: true, defaultValue: 'fo' } };
