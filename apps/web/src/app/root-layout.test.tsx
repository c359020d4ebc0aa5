import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consentStore, defaultConsentRecord } from '@/lib/consent-store';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { isCompliancyPath, RootLayout } from './root-layout';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/compliancy', element: <h1>Privacy and cookies</h1> },
          { path: '/auth', element: <h1>Sign up</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

describe('the page that explains cookies', () => {
  beforeAll(() => initTestI18n('en'));
  beforeEach(() => consentStore.setState({ record: defaultConsentRecord }));

  it.each(['/compliancy', '/compliancy/', '/COMPLIANCY/'])(
    'at %s shows the page without the consent pop-up over it',
    async (path) => {
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Privacy and cookies' })).toBeVisible();
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  );

  it('the pop-up shows on the other pages', async () => {
    renderAt('/auth/');
    expect(await screen.findByRole('dialog', { name: 'Your privacy' })).toBeInTheDocument();
  });

  it.each(['/', '/refill', '/compliancy/more', '/compliancyx'])('is not %s', (pathname) =>
    expect(isCompliancyPath(pathname)).toBe(false),
  );
});
