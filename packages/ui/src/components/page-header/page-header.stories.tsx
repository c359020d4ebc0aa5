import type { Meta, StoryObj } from '@storybook/react';
import { PageHeader } from './page-header';

const meta: Meta<typeof PageHeader> = {
  title: 'Layout/PageHeader',
  component: PageHeader,
  args: { title: 'Refill', description: 'Cable drums on your sites.' },
};
export default meta;
type Story = StoryObj<typeof PageHeader>;

export const TitleAndDescription: Story = {};
export const WithActions: Story = {
  args: { actions: <button type="button">New refill request</button> },
};
export const TitleOnly: Story = { args: { description: undefined } };
