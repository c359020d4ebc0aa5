import type { Meta, StoryObj } from '@storybook/react';
import { Stepper } from './stepper';

const steps = [
  { step: 1, label: 'Step 1', title: 'Drums and quantities' },
  { step: 2, label: 'Step 2', title: 'Delivery' },
  { step: 3, label: 'Step 3', title: 'Review' },
];

const meta = {
  title: 'Navigation/Stepper',
  component: Stepper,
  args: { label: 'Refill request', steps, currentStep: 1 },
} satisfies Meta<typeof Stepper>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstStep: Story = {};
export const MiddleStep: Story = { args: { currentStep: 2 } };
export const Completed: Story = { args: { currentStep: 3, isCompleted: true } };
export const Navigable: Story = { args: { currentStep: 3, onStepSelect: () => undefined } };
export const Vertical: Story = { args: { currentStep: 2, orientation: 'vertical' } };
export const WithIcons: Story = {
  args: {
    steps: steps.map((step) => ({
      ...step,
      icon: <span>{String.fromCharCode(64 + step.step)}</span>,
    })),
  },
};
