// What `use-sync-external-store/shim` gives on React 18 and later: React's own hook. The build
// aliases the shim to this module (vite.config.ts), so the shim's fallback code is not shipped.
export { useSyncExternalStore } from 'react';
