export { clampPercent, Progress, type ProgressProps } from './progress';
