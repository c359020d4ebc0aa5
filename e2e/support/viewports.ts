/**
 * Tests that run once per language run each language on one viewport: French (the longer text)
 * on the phone, English on the desktop. The projects filter on these tags in
 * playwright.config.ts, so no combination is declared and then skipped.
 */
export const viewportTagOf = (language: 'fr' | 'en') =>
  language === 'fr' ? '@phone-only' : '@desktop-only';
