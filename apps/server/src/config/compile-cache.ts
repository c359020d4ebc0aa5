import { workspacePath } from './paths';

/**
 * Where Node keeps the compiled code of the built server's modules (`module.enableCompileCache`):
 * filled by `npm run build`, used and kept up to date by every start.
 */
export const compileCacheDir = workspacePath('apps/server/dist/compile-cache');
