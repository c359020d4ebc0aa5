import { createToaster } from '@portal/ui/toast';

/**
 * The app's one toaster (top right). Anything may call `toaster.show(...)`, inside React
 * or not; `<ToastRegion>` is mounted once by the app (src/app/provider.tsx).
 */
export const toaster = createToaster();
