import { enableCompileCache } from 'node:module';
import { compileCacheDir } from './config/compile-cache';

/**
 * Entry point of `npm start`. Node keeps the compiled code of every module loaded from here on
 * (the server's own chunks and the npm packages they load) in a directory the build fills, so
 * a start parses and compiles none of it again; a module that changed is compiled anew. It
 * must be enabled before those modules are imported, hence this file imports only the
 * directory's name before them.
 */
enableCompileCache({ directory: compileCacheDir, portable: true });
await import('./start-server');
