import type { Meta, StoryObj } from '@storybook/react';
import { Grid } from './grid';

const cell = { padding: 16, background: '#eaf1fb' };
const meta: Meta<typeof Grid> = {
  title: 'Layout/Grid',
  component: Grid,
  args: {
    children: [1, 2, 3, 4].map((n) => (
      <div key={n} style={cell}>
        Cell {n}
      </div>
    )),
  },
};
export default meta;
type Story = StoryObj<typeof Grid>;

export const TwoColumns: Story = {};
export const ThreeColumns: Story = { args: { columns: 3, gap: 12 } };
