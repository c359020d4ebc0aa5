export { ToastRegion, type ToastRegionProps } from './toast';
export {
  createToaster,
  DEFAULT_AUTO_CLOSE_MS,
  TOAST_REMOVAL_MS,
  type Toast,
  type ToastInput,
  type Toaster,
  type ToastType,
} from './toaster';
