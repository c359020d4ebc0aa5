import { FloatingPortal } from '@floating-ui/react';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { useState, type KeyboardEvent } from 'react';
import { Field, FieldMessage, describedBy, useFieldIds } from '../field/field';
import { ListBoxOption } from '../list-box/list-box';
import { ChevronDownIcon } from '../icons';
import {
  applyPhoneMask,
  DEFAULT_PHONE_COUNTRY,
  DEFAULT_PHONE_MASK,
  findCountryByNumber,
  getPhoneCountries,
  type PhoneCountry,
} from './countries';
import styles from './phone-input.module.css';
import { useCountryList } from './use-country-list';
import { useUndoHistory } from './use-undo-history';

export { PHONE_TYPE_AHEAD_RESET_MS } from './use-country-list';

export interface PhoneChangeDetails {
  /** Whether libphonenumber-js finds the number valid for the country. */
  isValid: boolean;
  /** The number in E.164 (`+33612345678`), when it can be read. */
  e164: string | undefined;
  country: PhoneCountry;
}

export interface PhoneInputLabels {
  /** Name of the country button and list. */
  country: string;
}

export const defaultPhoneInputLabels: PhoneInputLabels = { country: 'Country' };

export interface PhoneInputProps {
  /** Visible label of the number input. */
  label: string;
  /** Help text under the label, linked with `aria-describedby`. */
  description?: string;
  /** Error under the field with a red error icon; marks it invalid. */
  errorText?: string;
  /** Disables the component. */
  isDisabled?: boolean;
  /** Marks the field required, with an asterisk after its label. */
  isRequired?: boolean;
  /**
   * The number as shown, with its dial code (`+33 06 12 34 56 78`), or without it when
   * `isDialCodeDisabled` (then an empty number is an empty string). Controlled.
   */
  value?: string;
  /** Initial value when uncontrolled. */
  defaultValue?: string;
  /** Called with every new value, controlled or not. */
  onChange?: (value: string, details: PhoneChangeDetails) => void;
  /** ISO code of the country first selected (France). */
  defaultCountry?: string;
  /** Hides the country choice and the dial code: a national number only. */
  isDialCodeDisabled?: boolean;
  /** Country records; by default built from libphonenumber-js metadata. */
  countries?: PhoneCountry[];
  /** Language of country names (BCP 47, e.g. `fr`). */
  locale?: string;
  /** Texts; English defaults that the app overrides with translations. */
  labels?: Partial<PhoneInputLabels>;
  /** Name submitted with a form. */
  name?: string;
}

interface PhoneState {
  iso2: string;
  digits: string;
}

/**
 * A phone number field: a country list (with type-ahead) giving the dial code and format mask,
 * an undo history (Ctrl+Z, Ctrl+Shift+Z), and validation by libphonenumber-js.
 */
export function PhoneInput({
  label,
  description,
  errorText,
  isDisabled = false,
  isRequired = false,
  value,
  defaultValue,
  onChange,
  defaultCountry = DEFAULT_PHONE_COUNTRY,
  isDialCodeDisabled = false,
  countries: countriesProp,
  locale = 'en',
  labels: labelsProp,
  name,
}: PhoneInputProps) {
  const labels = { ...defaultPhoneInputLabels, ...labelsProp };
  const countries = countriesProp ?? getPhoneCountries(locale);
  const countryOf = (iso2: string): PhoneCountry =>
    countries.find((country) => country.iso2 === iso2) ??
    countries.find((country) => country.iso2 === DEFAULT_PHONE_COUNTRY) ??
    (countries[0] as PhoneCountry);

  const read = (text: string | undefined, iso2: string): PhoneState => {
    if (!text) return { iso2, digits: '' };
    const trimmed = text.trim();
    const digits = trimmed.replace(/\D/g, '');
    if (!isDialCodeDisabled && trimmed.startsWith('+')) {
      const country = findCountryByNumber(digits, countries, iso2);
      if (country) return { iso2: country.iso2, digits: digits.slice(country.dialCode.length) };
    }
    return { iso2, digits };
  };

  const [inner, setInner] = useState<PhoneState>(() => read(defaultValue, defaultCountry));
  const current = value === undefined ? inner : read(value, inner.iso2);
  const country = countryOf(current.iso2);
  const mask = country.format ?? DEFAULT_PHONE_MASK;
  const shown = applyPhoneMask(current.digits, mask);
  const history = useUndoHistory(`${current.iso2}:${current.digits}`);

  const ids = useFieldIds();
  const id = ids.controlId;
  const listboxId = `${id}-countries`;

  const apply = (next: PhoneState, shouldRecord = true) => {
    const nextCountry = countryOf(next.iso2);
    const slots = (nextCountry.format ?? DEFAULT_PHONE_MASK).split('.').length - 1;
    const digits = next.digits.slice(0, slots);
    setInner({ iso2: next.iso2, digits });
    if (shouldRecord) history.record(`${next.iso2}:${digits}`);
    const display = applyPhoneMask(digits, nextCountry.format ?? DEFAULT_PHONE_MASK);
    const parsed = digits
      ? parsePhoneNumberFromString(digits, nextCountry.iso2 as CountryCode)
      : undefined;
    const text = isDialCodeDisabled ? display : `+${nextCountry.dialCode} ${display}`.trim();
    onChange?.(text, {
      isValid: parsed?.isValid() ?? false,
      e164: parsed?.number,
      country: nextCountry,
    });
  };

  const restore = (snapshot: string | undefined) => {
    if (snapshot === undefined) return;
    const [iso2 = defaultCountry, digits = ''] = snapshot.split(':');
    apply({ iso2, digits }, false);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) {
      event.preventDefault();
      restore(history.undo());
    } else if ((key === 'z' && event.shiftKey) || key === 'y') {
      event.preventDefault();
      restore(history.redo());
    }
  };

  const {
    isOpen,
    activeIndex,
    setActiveIndex,
    open,
    toggle,
    choose,
    onKeyDown: onListKeyDown,
    floatingStyles,
    getReferenceProps,
    getFloatingProps,
    setFloating,
    setButton,
  } = useCountryList({
    countries,
    selectedIso2: country.iso2,
    optionId: (index) => `${id}-country-${index}`,
    onChoose: (chosen) => apply({ iso2: chosen.iso2, digits: current.digits }),
  });

  const [drag, setDrag] = useState<'accept' | 'reject' | null>(null);
  const dragKind = (data: DataTransfer): 'accept' | 'reject' =>
    !isDisabled && [...data.types].includes('text/plain') && !data.types.includes('Files')
      ? 'accept'
      : 'reject';
  /** Typed, pasted or dropped text: an international number brings its own country. */
  const takeText = (typed: string) => {
    if (!isDialCodeDisabled && typed.trim().startsWith('+')) {
      apply(read(typed, current.iso2));
      return;
    }
    apply({ iso2: current.iso2, digits: typed.replace(/\D/g, '') });
  };

  return (
    <Field
      ids={ids}
      label={label}
      description={description}
      isRequired={isRequired}
      className={styles.field}
      isInvalid={Boolean(errorText)}
      isDisabled={isDisabled}
    >
      <div
        className={styles.control}
        data-drag-active={drag ? true : undefined}
        data-drag-accept={drag === 'accept' || undefined}
        data-drag-reject={drag === 'reject' || undefined}
      >
        {isDialCodeDisabled ? null : (
          <>
            <button
              ref={setButton}
              type="button"
              className={styles.country}
              aria-label={`${labels.country}: ${country.name} +${country.dialCode}`}
              aria-haspopup="listbox"
              aria-expanded={isOpen}
              aria-controls={isOpen ? listboxId : undefined}
              disabled={isDisabled}
              {...getReferenceProps()}
              onClick={toggle}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                  event.preventDefault();
                  open();
                }
              }}
            >
              <CountryCode iso2={country.iso2} />
              <ChevronDownIcon size={16} />
            </button>
            <span className={styles.dialCode} aria-hidden="true">
              +{country.dialCode}
            </span>
          </>
        )}
        <input
          id={ids.controlId}
          className={styles.input}
          type="tel"
          inputMode="tel"
          autoComplete={isDialCodeDisabled ? 'tel-national' : 'tel'}
          placeholder={mask.replace(/\./g, '0')}
          value={shown}
          disabled={isDisabled}
          required={isRequired}
          aria-invalid={errorText ? true : undefined}
          aria-describedby={describedBy(
            description && ids.descriptionId,
            errorText && ids.messageId,
          )}
          onKeyDown={onInputKeyDown}
          onChange={(event) => takeText(event.target.value)}
          // Drag states, as the file input has: text is accepted, anything else (files) refused.
          onDragEnter={(event) => setDrag(dragKind(event.dataTransfer))}
          onDragOver={(event) => {
            event.preventDefault();
            const kind = dragKind(event.dataTransfer);
            event.dataTransfer.dropEffect = kind === 'accept' ? 'copy' : 'none';
            if (kind !== drag) setDrag(kind);
          }}
          onDragLeave={() => setDrag(null)}
          onDrop={(event) => {
            event.preventDefault();
            setDrag(null);
            const text = event.dataTransfer.getData('text/plain');
            if (!isDisabled && text) takeText(text);
          }}
        />
        {name ? (
          <input
            type="hidden"
            name={name}
            value={isDialCodeDisabled ? shown : `+${country.dialCode}${current.digits}`}
          />
        ) : null}
      </div>
      {errorText ? <FieldMessage id={ids.messageId}>{errorText}</FieldMessage> : null}
      {isOpen ? (
        <FloatingPortal>
          <div
            ref={(element) => {
              setFloating(element);
              // The portal mounts its content after opening: focus the list once it exists.
              if (element && !element.contains(document.activeElement)) {
                element.focus();
                element.querySelector('[data-active]')?.scrollIntoView?.({ block: 'nearest' });
              }
            }}
            id={listboxId}
            role="listbox"
            aria-label={labels.country}
            aria-activedescendant={`${id}-country-${activeIndex}`}
            tabIndex={-1}
            className={styles.list}
            style={floatingStyles}
            {...getFloatingProps()}
            onKeyDown={onListKeyDown}
          >
            {countries.map((item, index) => (
              <ListBoxOption
                key={item.iso2}
                id={`${id}-country-${index}`}
                isSelected={item.iso2 === country.iso2}
                isActive={index === activeIndex}
                onActivate={() => setActiveIndex(index)}
                onChoose={() => choose(item)}
                onKeyDown={onListKeyDown}
              >
                <CountryCode iso2={item.iso2} />
                <span className={styles.optionName}>{item.name}</span>
                <span className={styles.optionCode}>+{item.dialCode}</span>
              </ListBoxOption>
            ))}
          </div>
        </FloatingPortal>
      ) : null}
    </Field>
  );
}

/**
 * The country's ISO letters in a small box where a flag would be: flag emoji need a colour emoji
 * font, which many machines (and every Linux without one) lack, leaving an empty box.
 */
function CountryCode({ iso2 }: { iso2: string }) {
  return (
    <span className={styles.countryCode} aria-hidden="true">
      {iso2.toUpperCase()}
    </span>
  );
}
