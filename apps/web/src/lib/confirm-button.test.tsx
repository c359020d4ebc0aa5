import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { statusToneOf } from '@portal/contract';
import { ConfirmButton } from './confirm-button';
import { StatusBadge } from './status-badge';
import { initTestI18n } from './testing/i18n-for-tests';

describe('ConfirmButton', () => {
  it('is drawn in the danger tone and acts only once its confirmation is pressed', async () => {
    await initTestI18n('en');
    const onConfirm = vi.fn();
    render(<ConfirmButton label="Cancel this request" onConfirm={onConfirm} />);
    const first = screen.getByRole('button', { name: 'Cancel this request' });
    expect(first).toHaveAttribute('data-tone', 'destructive');
    await userEvent.click(first);
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'No, go back' }));
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel this request' }));
    const confirm = screen.getByRole('button', { name: 'Yes: Cancel this request' });
    expect(confirm).toHaveAttribute('data-tone', 'destructive');
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('asks in French on a French page', async () => {
    await initTestI18n('fr');
    render(<ConfirmButton label="Suspendre le compte" onConfirm={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Suspendre le compte' }));
    expect(screen.getByRole('button', { name: 'Oui\u202f: Suspendre le compte' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Non, revenir' })).toBeVisible();
  });
});

describe('StatusBadge', () => {
  it('draws confirmed, scheduled and delivered each in its own tone', () => {
    render(
      <>
        <StatusBadge kind="refill_request" status="confirmed">
          Confirmed
        </StatusBadge>
        <StatusBadge kind="refill_request" status="scheduled">
          Scheduled
        </StatusBadge>
        <StatusBadge kind="refill_request" status="delivered">
          Delivered
        </StatusBadge>
      </>,
    );
    const tones = ['Confirmed', 'Scheduled', 'Delivered'].map((word) =>
      screen.getByText(word).getAttribute('data-tone'),
    );
    expect(tones).toEqual(['info', 'progress', 'success']);
  });

  it.each(Object.entries(statusToneOf))(
    'gives each open state of a %s its own tone',
    (_kind, tones) => {
      const open = Object.values(tones as Record<string, string>).filter(
        (tone) => tone !== 'danger' && tone !== 'closed',
      );
      expect(new Set(open).size).toBe(open.length);
    },
  );
});
