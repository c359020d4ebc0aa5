import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { Dialog } from './dialog';

const meta: Meta<typeof Dialog> = {
  title: 'Overlays/Dialog',
  component: Dialog,
  args: {
    isOpen: true,
    title: 'Edit profile',
    description: 'Your name as shown to customer service.',
    onClose: () => {},
  },
};
export default meta;
type Story = StoryObj<typeof Dialog>;

export const Open: Story = {
  args: {
    children: <p>Dialog content goes here.</p>,
    footer: <button type="button">Save</button>,
  },
};
export const NotClosable: Story = {
  args: {
    isClosable: false,
    width: 700,
    title: 'Your privacy',
    children: <p>We measure the audience of this site if you accept.</p>,
    footer: <button type="button">OK</button>,
  },
};
export const Interactive: Story = {
  render: function Render(args) {
    const [isOpen, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open dialog
        </button>
        <Dialog {...args} isOpen={isOpen} onClose={() => setOpen(false)} closeOnClickOutside>
          <p>Click outside, press Escape or use the close button.</p>
        </Dialog>
      </>
    );
  },
};
