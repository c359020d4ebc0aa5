import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Stepper } from './stepper';

const steps = [
  { step: 'drums', label: 'Step 1', title: 'Drums' },
  { step: 'delivery', label: 'Step 2', title: 'Delivery' },
  { step: 'review', label: 'Step 3', title: 'Review', icon: <span>R</span> },
];

function states() {
  return screen.getAllByRole('listitem').map((item) => item.getAttribute('data-state'));
}

describe('Stepper', () => {
  it('marks steps before the current one completed and the current one aria-current', () => {
    render(<Stepper label="Request" steps={steps} currentStep="delivery" />);
    expect(screen.getByRole('navigation', { name: 'Request' })).toBeInTheDocument();
    expect(states()).toEqual(['completed', 'current', 'pending']);
    const items = screen.getAllByRole('listitem');
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[0]).not.toHaveAttribute('aria-current');
    expect(items[0]).toHaveTextContent('Step 1DrumsCompleted');
    expect(items[2]).toHaveTextContent('Step 3ReviewPending');
    expect(items[2]).toHaveTextContent('R');
  });

  it('marks every step completed when isCompleted', () => {
    render(<Stepper label="Request" steps={steps} currentStep="review" isCompleted />);
    expect(states()).toEqual(['completed', 'completed', 'completed']);
    expect(screen.getAllByRole('listitem')[2]).not.toHaveAttribute('aria-current');
  });

  it('lets completed steps be selected with onStepSelect', async () => {
    const user = userEvent.setup();
    const onStepSelect = vi.fn();
    render(
      <Stepper label="Request" steps={steps} currentStep="review" onStepSelect={onStepSelect} />,
    );
    expect(screen.getAllByRole('button')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /Delivery/ }));
    expect(onStepSelect).toHaveBeenCalledWith('delivery');
  });

  it('takes translated state labels and an orientation', () => {
    render(
      <Stepper
        label="Demande"
        steps={steps}
        currentStep="delivery"
        orientation="vertical"
        labels={{ completed: 'Terminé', pending: 'À venir' }}
      />,
    );
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Terminé');
    expect(screen.getByRole('list')).toHaveAttribute('data-orientation', 'vertical');
  });
});
