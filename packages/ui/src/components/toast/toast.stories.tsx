import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { ToastRegion } from './toast';
import { createToaster, type ToastType } from './toaster';

const meta: Meta<typeof ToastRegion> = { title: 'Overlays/Toast', component: ToastRegion };
export default meta;
type Story = StoryObj<typeof ToastRegion>;

function withToasts(types: ToastType[]) {
  return function Render() {
    const [toaster] = useState(() => {
      const t = createToaster();
      types.forEach((type) =>
        t.show({
          title: `A ${type} toast`,
          description: 'Something happened.',
          type,
          autoClose: 0,
        }),
      );
      return t;
    });
    return <ToastRegion toaster={toaster} />;
  };
}

export const Success: Story = { render: withToasts(['success']) };
export const Info: Story = { render: withToasts(['info']) };
export const Warning: Story = { render: withToasts(['warning']) };
export const Error: Story = { render: withToasts(['error']) };
export const Stacked: Story = { render: withToasts(['success', 'info', 'warning', 'error']) };
export const Interactive: Story = {
  render: function Render() {
    const [toaster] = useState(() => createToaster());
    return (
      <>
        <button type="button" onClick={() => toaster.show({ title: 'Saved', type: 'success' })}>
          Show a toast
        </button>
        <ToastRegion toaster={toaster} />
      </>
    );
  },
};
