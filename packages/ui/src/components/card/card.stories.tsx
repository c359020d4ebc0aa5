import type { Meta, StoryObj } from '@storybook/react';
import { Card } from './card';

const meta: Meta<typeof Card> = {
  title: 'Layout/Card',
  component: Card,
  args: {
    title: 'Drum D-1042',
    subtitle: 'Lyon site · U-1000 R2V 3G2.5',
    summary: <p style={{ margin: 0 }}>Remaining 320 m of 500 m</p>,
    children: <p style={{ margin: 0 }}>Last reading 12 Nov 2025; run-out estimate 3 Dec 2025.</p>,
  },
};
export default meta;
type Story = StoryObj<typeof Card>;

export const Plain: Story = {};
export const Collapsed: Story = { args: { isCollapsible: true } };
export const Expanded: Story = { args: { defaultExpanded: true } };
export const Unchecked: Story = { args: { isCheckable: true, checkLabel: 'Select drum D-1042' } };
export const Checked: Story = {
  args: { isCheckable: true, defaultChecked: true, checkLabel: 'Select drum D-1042' },
};
