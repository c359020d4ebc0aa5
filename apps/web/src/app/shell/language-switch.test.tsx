import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { LanguageSwitch } from './language-switch';

function renderSwitch() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <LanguageSwitch />
    </QueryClientProvider>,
  );
}

describe('language switch', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it.each([
    ['fr', 'English', 'en', 'Passer en anglais'],
    ['en', 'Français', 'fr', 'Switch to French'],
  ] as const)(
    'in %s is named by its visible text, in its own language, and described by what it does',
    async (language, name, lang, description) => {
      await initTestI18n(language);
      renderSwitch();
      const button = screen.getByRole('button', { name });
      expect(button).not.toHaveAttribute('aria-label');
      expect(button).toHaveAccessibleDescription(description);
      expect(screen.getByText(name)).toHaveAttribute('lang', lang);
      // Off by default in axe (experimental); a speech user says what they see.
      const results = await axe.run(button, {
        runOnly: ['label-content-name-mismatch'],
        rules: { 'label-content-name-mismatch': { enabled: true } },
      });
      expect(results.violations).toEqual([]);
    },
  );
});
