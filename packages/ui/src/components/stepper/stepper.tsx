import type { ReactNode } from 'react';
import { CheckIcon } from '../icons';
import hidden from '../../internal/visually-hidden.module.css';
import styles from './stepper.module.css';

export interface StepperStep {
  /** Step value (its number in the flow, or a key); `currentStep` refers to it. */
  step: number | string;
  /** Short label, e.g. "Step 1". */
  label: string;
  /** What the step is about, e.g. "Delivery". */
  title: string;
  /** Shown in the step's marker instead of its number. */
  icon?: ReactNode;
}

export type StepState = 'completed' | 'current' | 'pending';

export interface StepperLabels {
  /** Read after a step's title by screen readers. */
  completed: string;
  pending: string;
}

export const defaultStepperLabels: StepperLabels = {
  completed: 'Completed',
  pending: 'Pending',
};

export interface StepperProps {
  /** Accessible name of the step list. */
  label: string;
  /** The steps, in order. */
  steps: StepperStep[];
  /** The `step` value of the current step; steps before it are completed. */
  currentStep: number | string;
  /** Marks every step completed, e.g. once the request is sent. */
  isCompleted?: boolean;
  /** Makes completed steps buttons that go back to them. */
  onStepSelect?: (step: number | string) => void;
  /** Lays the steps out vertically (e.g. on phones). */
  orientation?: 'horizontal' | 'vertical';
  /** Texts; English defaults that the app overrides with translations. */
  labels?: Partial<StepperLabels>;
}

/** Progress through a multi-step flow; the current step carries `aria-current="step"`. */
export function Stepper({
  label,
  steps,
  currentStep,
  isCompleted = false,
  onStepSelect,
  orientation = 'horizontal',
  labels: labelsProp,
}: StepperProps) {
  const labels = { ...defaultStepperLabels, ...labelsProp };
  const currentIndex = steps.findIndex((step) => step.step === currentStep);
  const stateOf = (index: number): StepState => {
    if (isCompleted || index < currentIndex) return 'completed';
    return index === currentIndex ? 'current' : 'pending';
  };

  return (
    <nav aria-label={label}>
      <ol className={styles.stepper} data-orientation={orientation}>
        {steps.map((step, index) => {
          const state = stateOf(index);
          const marker = (
            <span className={styles.marker} aria-hidden="true">
              {state === 'completed' ? <CheckIcon size={16} /> : (step.icon ?? index + 1)}
            </span>
          );
          const text = (
            <span className={styles.text}>
              <span className={styles.label}>{step.label}</span>
              <span className={styles.title}>{step.title}</span>
              {state === 'current' ? null : (
                <span className={hidden.visuallyHidden}>
                  {state === 'completed' ? labels.completed : labels.pending}
                </span>
              )}
            </span>
          );
          return (
            <li
              key={step.step}
              className={styles.step}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              {onStepSelect && state === 'completed' && !isCompleted ? (
                <button
                  type="button"
                  className={styles.content}
                  onClick={() => onStepSelect(step.step)}
                >
                  {marker}
                  {text}
                </button>
              ) : (
                <span className={styles.content}>
                  {marker}
                  {text}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
