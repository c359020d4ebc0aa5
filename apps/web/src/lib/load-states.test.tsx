import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { initTestI18n } from './testing/i18n-for-tests';
import { ErrorState } from './load-states';

const serverError = new ApiRequestError(
  500,
  '/refill/drums',
  { message: 'server.internal' },
  new Headers(),
);
const networkError = new TypeError('Failed to fetch');

describe('ErrorState', () => {
  it.each([
    [
      'en',
      serverError,
      'This information could not be loaded. Something went wrong on our side. Please try again later.',
    ],
    [
      'en',
      networkError,
      'This information could not be loaded. The service could not be reached. Check your connection and try again.',
    ],
    [
      'fr',
      serverError,
      "Ces informations n'ont pas pu être chargées. Un problème est survenu de notre côté. Veuillez réessayer plus tard.",
    ],
    [
      'fr',
      networkError,
      "Ces informations n'ont pas pu être chargées. Le service n'a pas pu être joint. Vérifiez votre connexion et réessayez.",
    ],
  ] as const)('in %s says what happened (%s)', async (language, error, text) => {
    await initTestI18n(language);
    render(<ErrorState error={error} onRetry={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });
});
