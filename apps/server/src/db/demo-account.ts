/** The demo account's id: fixed, so sign-ups can be attached to it and tests can find it. */
export const DEMO_ACCOUNT_ID = '00000000-0000-4000-8000-00000000de70';
