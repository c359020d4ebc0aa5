import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initRefillI18n, jsonResponse, makeDrum, renderWithRouter } from '../testing/render';
import { toIsoDate } from '../lib/delivery-date';
import { ReleaseDrumForm } from './release-drum-form';

const drum = makeDrum({
  serial: 'TR-00077',
  site: {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Chantier Gerland',
    city: 'Lyon',
    address: '12 rue des Forges',
  },
});

const inThreeDays = new Date();
inThreeDays.setDate(inThreeDays.getDate() + 3);
const pad = (value: number) => String(value).padStart(2, '0');
/** The `P` format each language's date field reads: MM/dd/yyyy in English, dd/MM/yyyy in French. */
const typed = (date: Date, language: 'en' | 'fr') =>
  language === 'en'
    ? `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`
    : `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;

const created = {
  id: '99999999-9999-4999-8999-999999999999',
  number: 'CO-000007',
  status: 'requested',
};

function renderForm() {
  const onSent = vi.fn();
  const onCancel = vi.fn();
  renderWithRouter(<ReleaseDrumForm drum={drum} onSent={onSent} onCancel={onCancel} />);
  return { onSent, onCancel };
}

const posts = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

describe('releasing an empty drum', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts from the site address and sends the slots, the loading means and the comment as typed', async () => {
    await initRefillI18n('en');
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(created, 201));
    vi.stubGlobal('fetch', fetchMock);
    const { onSent } = renderForm();
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { name: 'Release the empty drum TR-00077' }),
    ).toHaveFocus();
    const address = screen.getByRole('textbox', { name: /^Pickup address/ });
    expect(address).toHaveValue('Chantier Gerland\n12 rue des Forges\nLyon');

    // Nothing is sent until a day and the loading means are chosen.
    await user.click(screen.getByRole('button', { name: 'Ask for the collection' }));
    expect(await screen.findByText('Choose a day for this slot.')).toBeInTheDocument();
    expect(screen.getByText('Say how the drum can be loaded.')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);

    await user.type(
      screen.getByRole('textbox', { name: /^Day of slot 1/ }),
      `${typed(inThreeDays, 'en')}{Enter}`,
    );
    await user.click(screen.getByRole('button', { name: 'Add a slot' }));
    await user.type(
      screen.getByRole('textbox', { name: /^Day of slot 2/ }),
      `${typed(inThreeDays, 'en')}{Enter}`,
    );
    await user.click(screen.getByRole('combobox', { name: /^Half-day of slot 2/ }));
    await user.click(await screen.findByRole('option', { name: /^afternoon/ }));
    await user.click(screen.getByRole('combobox', { name: /^Loading means on site/ }));
    await user.click(await screen.findByRole('option', { name: 'Crane on site' }));
    const comment = 'Grue 🏗️ "côté nord"\nمرحبا';
    await user.click(screen.getByRole('textbox', { name: /^Comment/ }));
    await user.paste(comment);
    await user.click(screen.getByRole('button', { name: 'Ask for the collection' }));

    await waitFor(() => expect(onSent).toHaveBeenCalledWith(created));
    const [[url, init]] = posts(fetchMock) as [[string, RequestInit]];
    expect(url).toBe('/api/refill/collections');
    expect(JSON.parse(init.body as string)).toEqual({
      drumId: drum.id,
      pickupAddress: 'Chantier Gerland\n12 rue des Forges\nLyon',
      timeSlots: [
        { date: toIsoDate(inThreeDays), period: 'morning' },
        { date: toIsoDate(inThreeDays), period: 'afternoon' },
      ],
      loadingMeans: 'crane',
      comment,
    });
  });

  it('refuses the same slot twice and an empty address, and shows a slot the server refuses', async () => {
    await initRefillI18n('en');
    const fetchMock = vi.fn().mockResolvedValue(
      jsonResponse(
        {
          message: 'collection.slot_in_past',
          errors: [{ field: 'timeSlots.0.date', errorCode: 'field.invalid' }],
        },
        400,
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { onSent } = renderForm();
    const user = userEvent.setup();
    await user.clear(await screen.findByRole('textbox', { name: /^Pickup address/ }));
    for (const slot of [1, 2]) {
      if (slot === 2) await user.click(screen.getByRole('button', { name: 'Add a slot' }));
      await user.type(
        screen.getByRole('textbox', { name: new RegExp(`^Day of slot ${slot}`) }),
        `${typed(inThreeDays, 'en')}{Enter}`,
      );
    }
    await user.click(screen.getByRole('combobox', { name: /^Loading means on site/ }));
    await user.click(await screen.findByRole('option', { name: 'No loading means' }));
    await user.click(screen.getByRole('button', { name: 'Ask for the collection' }));
    expect(await screen.findByText('This slot is already offered.')).toBeInTheDocument();
    expect(screen.getByText('Give the address where the drum is picked up.')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /^Pickup address/ }), 'Gate B');
    await user.click(screen.getByRole('button', { name: 'Remove slot 2' }));
    await user.click(screen.getByRole('button', { name: 'Ask for the collection' }));
    expect(
      await screen.findByText(
        'A pickup slot cannot be in the past: choose today or a day to come.',
      ),
    ).toBeInTheDocument();
    expect(onSent).not.toHaveBeenCalled();
  });

  it('reads in French, and its cancel button gives up', async () => {
    await initRefillI18n('fr');
    vi.stubGlobal('fetch', vi.fn());
    const { onCancel } = renderForm();
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { name: 'Libérer le touret vide TR-00077' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Adresse d'enlèvement/ })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: "Créneaux d'enlèvement" })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Demander l'enlèvement" }));
    expect(await screen.findByText('Choisissez un jour pour ce créneau.')).toBeInTheDocument();
    expect(screen.getByText('Indiquez comment charger le touret.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Moyen de chargement sur site/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Chariot élévateur sur site',
      'Grue sur site',
      'Aucun moyen de chargement',
    ]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
