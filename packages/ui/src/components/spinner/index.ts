export { CenteredSpinner, FullPageSpinner, Spinner, type SpinnerProps } from './spinner';
