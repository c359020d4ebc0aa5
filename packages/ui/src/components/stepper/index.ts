export {
  Stepper,
  defaultStepperLabels,
  type StepState,
  type StepperLabels,
  type StepperProps,
  type StepperStep,
} from './stepper';
