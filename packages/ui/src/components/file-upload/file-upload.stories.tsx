import type { Meta, StoryObj } from '@storybook/react';
import { FileUpload } from './file-upload';

const pdf = new File(['%PDF-1.7'], 'delivery-note.pdf', { type: 'application/pdf' });
const photo = new File(['png'], 'drum-photo.png', { type: 'image/png' });

const meta = {
  title: 'Inputs/FileUpload',
  component: FileUpload,
  args: {
    label: 'Attachment',
    accept: { 'application/pdf': ['.pdf'], 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] },
    maxSize: 5 * 1024 * 1024,
  },
} satisfies Meta<typeof FileUpload>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithFile: Story = { args: { defaultValue: [pdf] } };
export const Multiple: Story = {
  args: { selectionMode: 'multiple', maxFiles: 3, defaultValue: [pdf, photo] },
};
export const WithDescription: Story = {
  args: { description: 'PDF, PNG or JPEG', isRequired: true },
};
export const Invalid: Story = { args: { errorText: 'Add the delivery note' } };
export const Disabled: Story = { args: { isDisabled: true } };
