import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../test/axe';
import {
  applyPhoneMask,
  DEFAULT_PHONE_MASK,
  findCountryByNumber,
  getPhoneCountries,
} from './countries';
import { PhoneInput } from './phone-input';
import { useUndoHistory } from './use-undo-history';

describe('country records', () => {
  it('are built from libphonenumber-js metadata with names, dial codes, masks and priority', () => {
    const countries = getPhoneCountries('en');
    const france = countries.find((country) => country.iso2 === 'FR');
    expect(france).toEqual({
      name: 'France',
      iso2: 'FR',
      dialCode: '33',
      format: '.. .. .. .. ..',
      priority: 0,
    });
    expect(countries.find((country) => country.iso2 === 'US')?.priority).toBe(0);
    expect(countries.find((country) => country.iso2 === 'CA')?.priority).toBeGreaterThan(0);
    expect(getPhoneCountries('fr').find((country) => country.iso2 === 'DE')?.name).toBe(
      'Allemagne',
    );
  });

  it('find the country of an international number, preferring priority', () => {
    const countries = getPhoneCountries('en');
    expect(findCountryByNumber('33612345678', countries)?.iso2).toBe('FR');
    expect(findCountryByNumber('12015550123', countries)?.iso2).toBe('US');
    expect(findCountryByNumber('12015550123', countries, 'CA')?.iso2).toBe('CA');
    expect(findCountryByNumber('3551234', countries)?.iso2).toBe('AL');
    // Area codes pick the country among those sharing +1.
    expect(findCountryByNumber('17875550123', countries)?.iso2).toBe('PR');
    expect(countries.find((country) => country.iso2 === 'PR')?.areaCodes).toEqual(['787', '939']);
    expect(countries.find((country) => country.iso2 === 'US')?.areaCodes).toBeUndefined();
  });

  it('apply a mask, 12 dots by default', () => {
    expect(DEFAULT_PHONE_MASK).toBe('............');
    expect(applyPhoneMask('0612', '.. .. .. .. ..')).toBe('06 12');
    expect(applyPhoneMask('061', '.. .. .. .. ..')).toBe('06 1');
    expect(applyPhoneMask('12345678901234', DEFAULT_PHONE_MASK)).toBe('123456789012');
  });
});

describe('useUndoHistory', () => {
  it('saves after 200 ms of quiet, keeps 20 entries, and undoes and redoes', () => {
    vi.useFakeTimers();
    try {
      const { result } = renderHook(() => useUndoHistory('0'));
      result.current.record('1');
      act(() => vi.advanceTimersByTime(199));
      result.current.record('12');
      act(() => vi.advanceTimersByTime(200));
      expect(result.current.undo()).toBe('0');
      expect(result.current.undo()).toBeUndefined();
      expect(result.current.redo()).toBe('12');
      for (let index = 0; index < 30; index += 1) {
        result.current.record(`v${index}`);
        act(() => vi.advanceTimersByTime(200));
      }
      let steps = 0;
      while (result.current.undo() !== undefined) steps += 1;
      expect(steps).toBe(19);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('PhoneInput', { timeout: 20_000 }, () => {
  it('starts on France, masks the number and reports validity and E.164', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<PhoneInput label="Phone" onChange={onChange} />);
    const country = screen.getByRole('button', { name: 'Country: France +33' });
    // The country's letters, not a flag emoji that needs a colour emoji font to show.
    expect(country).toHaveTextContent('FR');
    expect(country.textContent).not.toMatch(/\p{Regional_Indicator}/u);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await user.type(input, '0612345678');
    expect(input).toHaveValue('06 12 34 56 78');
    expect(onChange).toHaveBeenLastCalledWith('+33 06 12 34 56 78', {
      isValid: true,
      e164: '+33612345678',
      country: expect.objectContaining({ iso2: 'FR' }),
    });
    await user.type(input, '9');
    expect(input).toHaveValue('06 12 34 56 78');
  });

  it('has drag states: text is accepted and dropped in, files are refused', () => {
    render(<PhoneInput label="Phone" />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    const control = input.parentElement as HTMLElement;
    const carrying = (types: string[], text = '') => ({
      dataTransfer: { types, getData: () => text, dropEffect: 'none' },
    });
    fireEvent.dragEnter(input, carrying(['text/plain']));
    expect(control).toHaveAttribute('data-drag-active');
    expect(control).toHaveAttribute('data-drag-accept');
    fireEvent.dragLeave(input);
    expect(control).not.toHaveAttribute('data-drag-active');
    fireEvent.dragEnter(input, carrying(['Files']));
    expect(control).toHaveAttribute('data-drag-reject');
    fireEvent.drop(input, carrying(['Files']));
    expect(control).not.toHaveAttribute('data-drag-active');
    expect(input).toHaveValue('');
    fireEvent.drop(input, carrying(['text/plain'], '+44 20 7946 0958'));
    expect(screen.getByRole('button', { name: 'Country: United Kingdom +44' })).toBeInTheDocument();
  });

  it('reports an invalid number', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<PhoneInput label="Phone" onChange={onChange} />);
    await user.type(screen.getByRole('textbox'), '0112');
    expect(onChange).toHaveBeenLastCalledWith(
      '+33 01 12',
      expect.objectContaining({ isValid: false }),
    );
  });

  it('treats an empty number as an empty string without the dial code', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(
      <PhoneInput label="Phone" onChange={onChange} defaultValue="+33 6" />,
    );
    await user.clear(screen.getByRole('textbox'));
    expect(onChange).toHaveBeenLastCalledWith('+33', expect.objectContaining({ isValid: false }));
    rerender(
      <PhoneInput
        key="national"
        label="Phone"
        onChange={onChange}
        isDialCodeDisabled
        defaultValue="6"
      />,
    );
    expect(screen.queryByRole('button', { name: /Country/ })).toBeNull();
    await user.clear(screen.getByRole('textbox'));
    expect(onChange).toHaveBeenLastCalledWith('', expect.objectContaining({ e164: undefined }));
  });

  it('reads a pasted international number into its country', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<PhoneInput label="Phone" onChange={onChange} />);
    await user.click(screen.getByRole('textbox'));
    await user.paste('+44 7400 123456');
    expect(screen.getByRole('button', { name: 'Country: United Kingdom +44' })).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(
      expect.stringMatching(/^\+44 /),
      expect.objectContaining({ isValid: true, e164: '+447400123456' }),
    );
  });

  it('chooses a country in the list with type-ahead that resets after 1 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const onChange = vi.fn();
      // A few countries keep the test fast on a busy machine; the order is the real one.
      const countries = getPhoneCountries('en').filter((country) =>
        ['BS', 'BH', 'FR', 'DE', 'GB', 'CA'].includes(country.iso2),
      );
      render(<PhoneInput label="Phone" onChange={onChange} countries={countries} />);
      await user.click(screen.getByRole('button', { name: /Country/ }));
      const list = screen.getByRole('listbox', { name: 'Country' });
      expect(list).toHaveFocus();
      expect(screen.getByRole('option', { name: /France/ })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await user.keyboard('ger');
      expect(list.getAttribute('aria-activedescendant')).toBe(
        screen.getByRole('option', { name: /Germany/ }).id,
      );
      act(() => vi.advanceTimersByTime(1000));
      await user.keyboard('b');
      expect(list.getAttribute('aria-activedescendant')).toBe(
        screen.getByRole('option', { name: /Bahamas/ }).id,
      );
      await user.keyboard('{ArrowDown}{Enter}');
      expect(screen.queryByRole('listbox')).toBeNull();
      expect(screen.getByRole('button', { name: 'Country: Bahrain +973' })).toHaveFocus();
      expect(onChange).toHaveBeenLastCalledWith(
        '+973',
        expect.objectContaining({ country: expect.objectContaining({ iso2: 'BH' }) }),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes the list with Escape', async () => {
    const user = userEvent.setup();
    render(<PhoneInput label="Phone" defaultCountry="GB" />);
    const button = screen.getByRole('button', { name: 'Country: United Kingdom +44' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('undoes and redoes with Ctrl+Z and Ctrl+Shift+Z', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      render(<PhoneInput label="Phone" />);
      const input = screen.getByRole('textbox');
      await user.type(input, '06');
      act(() => vi.advanceTimersByTime(200));
      await user.type(input, '12');
      await user.keyboard('{Control>}z{/Control}');
      expect(input).toHaveValue('06');
      await user.keyboard('{Control>}z{/Control}');
      expect(input).toHaveValue('');
      await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
      expect(input).toHaveValue('06');
    } finally {
      vi.useRealTimers();
    }
  });

  it('is controlled by value', () => {
    const onChange = vi.fn();
    render(<PhoneInput label="Phone" value="+1 2015550123" onChange={onChange} />);
    const input = screen.getByRole('textbox');
    expect(screen.getByRole('button', { name: 'Country: United States +1' })).toBeInTheDocument();
    expect(input).toHaveValue('(201) 555-0123');
    fireEvent.change(input, { target: { value: '(201) 555-01' } });
    expect(onChange).toHaveBeenLastCalledWith(
      '+1 (201) 555-01',
      expect.objectContaining({ isValid: false }),
    );
    expect(input).toHaveValue('(201) 555-0123');
  });

  it('shows description, error, required and disabled states', () => {
    render(
      <PhoneInput
        label="Phone"
        description="For the driver"
        errorText="Invalid number"
        isRequired
        isDisabled
      />,
    );
    const input = screen.getByRole('textbox', { name: /Phone/ });
    expect(input).toHaveAccessibleDescription('For the driver Invalid number');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toBeRequired();
    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: /Country/ })).toBeDisabled();
  });

  it('has no axe violation with its country list open', async () => {
    const user = userEvent.setup();
    render(<PhoneInput label="Phone" />);
    await user.click(screen.getByRole('button', { name: /Country/ }));
    await expectNoAxeViolations();
  }, 30_000);
});
