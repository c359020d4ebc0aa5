import type { Meta, StoryObj } from '@storybook/react';
import { ScrollArea } from './scroll-area';

const meta: Meta<typeof ScrollArea> = {
  title: 'Layout/ScrollArea',
  component: ScrollArea,
  args: { label: 'Readings', maxHeight: 200 },
};
export default meta;
type Story = StoryObj<typeof ScrollArea>;

export const Overflowing: Story = {
  args: {
    children: (
      <ul style={{ margin: 0 }}>
        {Array.from({ length: 40 }, (_, i) => (
          <li key={i}>Reading {i + 1}</li>
        ))}
      </ul>
    ),
  },
};
export const Fitting: Story = { args: { children: <p>Only one line.</p> } };
