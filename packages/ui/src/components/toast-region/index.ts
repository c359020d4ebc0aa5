// The toast region alone, for an app that loads it lazily with its first toast while the toaster
// (`@portal/ui/toast`) is in its first page: importing the region from there would bring it along.
export { ToastRegion, type ToastRegionProps } from '../toast/toast';
