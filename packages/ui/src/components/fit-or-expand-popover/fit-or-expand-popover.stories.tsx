import type { Meta, StoryObj } from '@storybook/react';
import { FitOrExpandPopover } from './fit-or-expand-popover';

const meta: Meta<typeof FitOrExpandPopover> = {
  title: 'Overlays/FitOrExpandPopover',
  component: FitOrExpandPopover,
  args: {
    label: 'Sites',
    trigger: (
      <button type="button" style={{ width: 160 }}>
        Site
      </button>
    ),
  },
};
export default meta;
type Story = StoryObj<typeof FitOrExpandPopover>;

export const Narrow: Story = { args: { defaultOpen: true, children: <p>Lyon</p> } };
export const Wide: Story = {
  args: {
    defaultOpen: true,
    children: <p>Saint-Quentin-en-Yvelines, logistics platform, building C, gate 4</p>,
  },
};
