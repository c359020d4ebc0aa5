import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CableProduct, DrumType } from '@portal/contract';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import calculatorEn from '../../../../../../packages/locales/calculator/en.json';
import calculatorFr from '../../../../../../packages/locales/calculator/fr.json';
import CalculatorPage from '../routes/calculator-page';

const drums: DrumType[] = [
  ['T08', 800, 400, 450, 35, 750],
  ['T10', 1000, 500, 550, 60, 1200],
  ['T11', 1100, 560, 600, 75, 1500],
  ['T12', 1250, 630, 650, 110, 2000],
  ['T14', 1400, 710, 750, 150, 2800],
].map(([code, a, b, t, tare, max], index) => ({
  id: `00000000-0000-4000-8000-00000000000${index}`,
  code: code as string,
  flangeDiameterMm: a as number,
  barrelDiameterMm: b as number,
  innerWidthMm: t as number,
  tareKg: tare as number,
  maxLoadKg: max as number,
}));

const products: CableProduct[] = [
  {
    id: '00000000-0000-4000-8000-000000000101',
    reference: 'U1000R2V-4G35',
    family: 'U-1000 R2V',
    crossSectionMm2: 35,
    conductor: 'cu',
    voltageKv: 1,
    outerDiameterMm: 26.5,
    weightKgPerKm: 2150,
    tapeShielded: false,
    designationFr: 'U-1000 R2V 4G35 mm²',
    designationEn: 'U-1000 R2V 4G35 mm²',
  },
  {
    id: '00000000-0000-4000-8000-000000000102',
    reference: 'C33226-3x1x240',
    family: 'NF C 33-226 HTA',
    crossSectionMm2: 240,
    conductor: 'al',
    voltageKv: 20,
    outerDiameterMm: 83.5,
    weightKgPerKm: 5200,
    tapeShielded: true,
    designationFr: 'HTA 3x1x240',
    designationEn: 'MV 3x1x240',
  },
];

const fetchMock = vi.fn<typeof fetch>();

// These tests type many fields key by key and wait for the announcement's pause: on a busy
// two-core machine that can take longer than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

function json(body: unknown) {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

/** The current search params, written into the page so the tests can read the URL. */
function LocationProbe() {
  return <span data-testid="location">{useLocation().search}</span>;
}

function renderAt(search = '') {
  const router = createMemoryRouter(
    [
      {
        path: '/refill/calculator',
        element: (
          <>
            <CalculatorPage />
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [`/refill/calculator${search}`] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

function params(): URLSearchParams {
  return new URLSearchParams(screen.getByTestId('location').textContent ?? '');
}

async function typeInto(user: ReturnType<typeof userEvent.setup>, name: RegExp, text: string) {
  const field = screen.getByRole('spinbutton', { name });
  await user.clear(field);
  await user.type(field, text);
}

function result(label: RegExp): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
}

/** The formula under a result: a definition of its own, after the value. */
function explanation(label: RegExp): HTMLElement {
  const formula = result(label).nextElementSibling;
  if (!(formula instanceof HTMLElement)) throw new Error(`no formula for ${label}`);
  return formula;
}

beforeEach(async () => {
  await initTestI18n('en');
  i18n.addResourceBundle('en', 'calculator', calculatorEn);
  i18n.addResourceBundle('fr', 'calculator', calculatorFr);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/api/catalog/products')) return json(products);
    if (url.endsWith('/api/catalog/drum-types')) return json(drums);
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('capacity mode', () => {
  it('computes the worked example as you type and keeps it in the URL', async () => {
    const user = renderAt();
    expect(screen.getByRole('heading', { level: 1, name: 'Drum calculator' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Drum capacity' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByText('Fill in the fields to see the results.')).toBeInTheDocument();
    await typeInto(user, /Flange diameter A/, '1000');
    await typeInto(user, /Barrel diameter B/, '500');
    await typeInto(user, /Inner width T/, '500');
    await typeInto(user, /Cable outer diameter d/, '20');
    // f 50 mm and efficiency 0.8 are the defaults.
    expect(result(/Practical length/)).toHaveTextContent('439.8 m');
    expect(result(/Theoretical length/)).toHaveTextContent('549.8 m');
    // The cable diameter is squared with its unit: (20 mm)², not 20 mm².
    expect(explanation(/Theoretical length/)).toHaveTextContent(
      'π × H × (H + B) × T / d² = π × 200 mm × (200 mm + 500 mm) × 500 mm / (20 mm)²',
    );
    expect(result(/Winding depth H/)).toHaveTextContent('200 mm');
    expect(result(/^Layers$/)).toHaveTextContent(/^10/);
    expect(result(/Turns per layer/)).toHaveTextContent(/^25/);
    expect(screen.queryByText(/Gross weight/)).not.toBeInTheDocument();
    expect(Object.fromEntries(params())).toMatchObject({ a: '1000', b: '500', t: '500', d: '20' });
    // The result is announced politely once typing stops.
    await waitFor(
      () =>
        expect(screen.getByRole('status')).toHaveTextContent(
          'Capacity: 439.8 m practical, 549.8 m theoretical.',
        ),
      { timeout: 3000 },
    );
    expect(screen.getByRole('img', { name: 'Drum section' })).toHaveAccessibleDescription(
      /Flange diameter A: 1,000 mm.*Winding depth H: 200 mm.*Freeboard f: 50 mm/,
    );
  });

  it('shows field errors for every rule and no results', async () => {
    const user = renderAt('?a=1000&b=500&t=500&d=20');
    expect(result(/Practical length/)).toHaveTextContent('439.8 m');
    await typeInto(user, /Freeboard f/, '250');
    expect(
      screen.getByRole('spinbutton', { name: /Flange diameter A/ }),
    ).toHaveAccessibleDescription(/A must be greater than B \+ 2 × f\./);
    expect(screen.getByText('Fill in the fields to see the results.')).toBeInTheDocument();
    await typeInto(user, /Freeboard f/, '50');
    await typeInto(user, /Fill efficiency/, '1.5');
    expect(screen.getByText('Enter a number above 0 and at most 1.')).toBeInTheDocument();
    await typeInto(user, /Fill efficiency/, '1');
    expect(result(/Practical length/)).toHaveTextContent('549.8 m');
    await user.clear(screen.getByRole('spinbutton', { name: /Inner width T/ }));
    await user.tab();
    expect(screen.getByText('Enter a value.')).toBeInTheDocument();
    await typeInto(user, /Inner width T/, '0');
    expect(screen.getByText('Enter a number above 0.')).toBeInTheDocument();
  });

  it('fills d and kg/km from a catalogue cable, A, B, T and tare from a standard drum', async () => {
    const user = renderAt();
    await user.click(await screen.findByRole('combobox', { name: /Cable reference/ }));
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getByRole('group', { name: 'U-1000 R2V' })).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Search...' }), '4G35');
    await user.click(screen.getByRole('option', { name: /U1000R2V-4G35/ }));
    expect(screen.getByRole('spinbutton', { name: /Cable outer diameter d/ })).toHaveValue('26.5');
    expect(screen.getByRole('spinbutton', { name: /Cable weight/ })).toHaveValue('2150');

    await user.click(screen.getByRole('combobox', { name: /Standard drum/ }));
    await user.click(screen.getByRole('option', { name: /^T12/ }));
    expect(screen.getByRole('spinbutton', { name: /Flange diameter A/ })).toHaveValue('1250');
    expect(screen.getByRole('spinbutton', { name: /Barrel diameter B/ })).toHaveValue('630');
    expect(screen.getByRole('spinbutton', { name: /Inner width T/ })).toHaveValue('650');
    expect(params().get('cable')).toBe('U1000R2V-4G35');
    expect(params().get('drum')).toBe('T12');
    // T12, d 26.5: 538.3 m practical; 0.5383 km × 2150 kg/km + 110 kg ≈ 1267 kg.
    expect(result(/Practical length/)).toHaveTextContent('538.3 m');
    expect(result(/Gross weight/)).toHaveTextContent('1,267 kg');

    // Typing a dimension means the drum is no longer the standard one.
    await typeInto(user, /Inner width T/, '700');
    expect(params().get('drum')).toBeNull();
  });

  it('switches to imperial, converting the inputs, and back without drift', async () => {
    const user = renderAt('?a=1000&b=500&t=500&d=20');
    await user.click(screen.getByRole('radio', { name: 'Imperial (in, ft)' }));
    expect(screen.getByRole('spinbutton', { name: /Flange diameter A/ })).toHaveValue('39.37');
    expect(screen.getByRole('spinbutton', { name: /Freeboard f/ })).toHaveValue('1.9685');
    // 439.82 m / 0.3048 ≈ 1443 ft (the rounding of the inch values moves it by a hair).
    expect(result(/Practical length/)).toHaveTextContent(/^1,443(\.\d)? ft/);
    expect(result(/Winding depth H/)).toHaveTextContent('7.87 in');
    expect(params().get('units')).toBe('imperial');
    await user.click(screen.getByRole('radio', { name: 'Metric (mm, m)' }));
    expect(screen.getByRole('spinbutton', { name: /Flange diameter A/ })).toHaveValue('1000');
    expect(screen.getByRole('spinbutton', { name: /Freeboard f/ })).toHaveValue('50');
    expect(result(/Practical length/)).toHaveTextContent('439.8 m');
  });

  it('writes numbers the French way in French', async () => {
    await initTestI18n('fr');
    renderAt('?a=1000&b=500&t=500&d=20');
    expect(result(/Longueur pratique/)).toHaveTextContent(/^439,8\s?m/);
    // Inputs read as the results do.
    expect(screen.getByRole('spinbutton', { name: /Coefficient de remplissage/ })).toHaveValue(
      '0,8',
    );
    expect(result(/Longueur théorique/)).toHaveTextContent(/^549,8\s?m/);
    await i18n.changeLanguage('en');
  });
});

describe('a link naming a drum and a cable', () => {
  it('fills their figures from the catalogue, as if picked', async () => {
    renderAt('?mode=remaining&drum=T12&cable=U1000R2V-4G35');
    const flange = screen.getByRole('spinbutton', { name: /Flange diameter A/ });
    await waitFor(() => expect(flange).toHaveValue('1250'));
    expect(screen.getByRole('spinbutton', { name: /Barrel diameter B/ })).toHaveValue('630');
    expect(screen.getByRole('spinbutton', { name: /Cable outer diameter d/ })).toHaveValue('26.5');
    expect(params().get('drum')).toBe('T12');
    expect(params().get('cable')).toBe('U1000R2V-4G35');
  });
});

describe('field errors', () => {
  it.each([
    ['en', 'Enter a value.', /Flange diameter A/],
    ['fr', 'Saisissez une valeur.', /Diamètre des joues A/],
  ] as const)(
    'in %s, say nothing under untouched empty fields, and speak once a field is left',
    async (language, required, flange) => {
      await initTestI18n(language);
      const user = renderAt();
      expect(await screen.findAllByRole('spinbutton')).not.toHaveLength(0);
      expect(screen.queryByText(required)).toBeNull();
      for (const tab of screen.getAllByRole('tab')) {
        await user.click(tab);
        expect(screen.queryByText(required)).toBeNull();
      }
      await user.click(screen.getAllByRole('tab')[0]!);
      await user.click(screen.getByRole('spinbutton', { name: flange }));
      await user.tab();
      expect(screen.getByRole('spinbutton', { name: flange })).toHaveAccessibleDescription(
        new RegExp(required.replace('.', '\\.')),
      );
      await i18n.changeLanguage('en');
    },
  );
});

describe('remaining-length mode', () => {
  it('computes the length left from the free flange height, with h bounded by the flange', async () => {
    const user = renderAt('?a=1000&b=500&t=500&d=20');
    await user.click(screen.getByRole('tab', { name: 'Remaining length' }));
    expect(params().get('mode')).toBe('remaining');
    expect(screen.queryByText('Enter a value.')).toBeNull();
    await typeInto(user, /Free flange height h/, '150');
    // H′ = 250 − 150 = 100 mm; 75π ≈ 235.6 m; × 0.8 ≈ 188.5 m
    expect(result(/Wound depth H′/)).toHaveTextContent('100 mm');
    expect(result(/^Remaining length \(×/)).toHaveTextContent('188.5 m');
    expect(result(/Remaining length, theoretical/)).toHaveTextContent('235.6 m');
    // The formulas name the wound depth as the diagram and the result do: H′.
    expect(explanation(/Remaining length, theoretical/)).toHaveTextContent('π × H′ × (H′ + B) × T');
    expect(explanation(/^Layers$/)).toHaveTextContent('H′ / d = 100 mm / 20 mm');
    await typeInto(user, /Free flange height h/, '260');
    expect(
      screen.getByText('h must be between 0 and the flange height (A − B) / 2.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Drum section' })).toHaveAccessibleDescription(
      /Free flange height h: 260 mm/,
    );
  });
});

describe('drum-for-a-length mode', () => {
  it('picks the smallest standard drum and lists the rejected ones with their reasons', async () => {
    const user = renderAt('?mode=drum');
    await typeInto(user, /Cable length/, '500');
    await user.click(await screen.findByRole('combobox', { name: /Cable reference/ }));
    await user.click(screen.getByRole('option', { name: /U1000R2V-4G35/ }));
    expect(await screen.findByText('Drum T12')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: /Rated voltage/ })).toHaveValue('1');
    const rejected = screen.getByRole('list');
    const items = within(rejected).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent(
      'T08 (A 800 mm, B 400 mm, T 450 mm): holds 132.9 m, less than 500 m; gross weight 1,110 kg is above its maximum load of 750 kg.',
    );
    expect(items[1]).toHaveTextContent(/^T10 .*: holds 275\.6 m, less than 500 m\.$/);
    expect(screen.getByRole('heading', { name: 'Drums rejected (3)' })).toBeInTheDocument();
  });

  it('applies the 14 × d barrel rule to a tape-shielded cable', async () => {
    const user = renderAt('?mode=drum&len=100');
    await user.click(await screen.findByRole('combobox', { name: /Cable reference/ }));
    await user.click(screen.getByRole('option', { name: /C33226-3x1x240/ }));
    expect(screen.getByRole('checkbox', { name: /Tape-shielded cable/ })).toBeChecked();
    // k = 14, d 83.5 mm → B ≥ 1169 mm: none of the five drums here.
    expect(
      await screen.findByText(
        'No standard drum can take this length. Split it over several drums.',
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/is below 1,169 mm \(k = 14\)/)).toHaveLength(5);
    // Unticking the screen type drops to k = 12 (20 kV): B ≥ 1002 mm, still none.
    await user.click(screen.getByRole('checkbox', { name: /Tape-shielded cable/ }));
    expect(screen.getAllByText(/is below 1,002 mm \(k = 12\)/)).toHaveLength(5);
    expect(params().get('cable')).toBeNull();
  });

  it('reads a shared link: the inputs come back from the URL', async () => {
    renderAt('?mode=drum&len=500&d=26.5&w=2150&kv=1');
    expect(screen.getByRole('tab', { name: 'Drum for a length' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('Drum T12')).toBeInTheDocument();
    expect(screen.getByText('1,185 kg of 2,000 kg allowed')).toBeInTheDocument();
  });
});
