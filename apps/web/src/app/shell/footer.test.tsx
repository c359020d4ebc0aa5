import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { legalNoticeUrls } from '@/config/paths';
import { consentStore } from '@/lib/consent-store';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { Footer } from './footer';

function renderFooter() {
  const router = createMemoryRouter([{ path: '*', element: <Footer /> }]);
  render(<RouterProvider router={router} />);
}

describe('footer', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows © 2025 and the English legal notice in a new tab when the language is English', async () => {
    await initTestI18n('en');
    renderFooter();
    expect(screen.getByText('© 2025')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /Legal notice/ });
    expect(link).toHaveAttribute('href', legalNoticeUrls.en);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName('Legal notice (opens in a new tab)');
  });

  it('links the French legal notice when the language is French', async () => {
    await initTestI18n('fr');
    renderFooter();
    expect(screen.getByRole('link', { name: /Mentions légales/ })).toHaveAttribute(
      'href',
      legalNoticeUrls.fr,
    );
  });

  it('the cookie choice resets the consent version so the pop-up shows again', async () => {
    await initTestI18n('en');
    act(() => consentStore.getState().accept(true));
    renderFooter();
    await userEvent.click(screen.getByRole('button', { name: 'Cookie choice' }));
    expect(consentStore.getState().record.version).toBe(0);
  });
});
