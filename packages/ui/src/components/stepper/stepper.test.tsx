import { composeStories } from '@storybook/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { Stepper } from './stepper';
import * as stories from './stepper.stories';

// Part A's shared helper (test/axe.ts) did not exist yet when this was written.
async function expectNoAxeViolations(container: HTMLElement) {
  // Contrast needs real layout (not in jsdom); `region` is a page-level rule, not a component's.
  const results = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

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

  it.each(Object.entries(composeStories(stories)))(
    'story %s has no axe violation',
    async (_, Story) => {
      const { container } = render(<Story />);
      await expectNoAxeViolations(container);
    },
    // axe walks the whole tree; slow on a busy machine.
    30_000,
  );
});
