// Set by the server's build (apps/server/build.mjs); absent when running from the sources.
declare const PORTAL_BUILD_VERSION: string | undefined;

/** The commit the running server was built from, `unknown` without git, `dev` from the sources. */
export const buildVersion = typeof PORTAL_BUILD_VERSION === 'string' ? PORTAL_BUILD_VERSION : 'dev';
