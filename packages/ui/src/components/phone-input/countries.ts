import { getExampleNumber, type CountryCode } from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';
import metadata from 'libphonenumber-js/min/metadata';

/** A phone country record. */
export interface PhoneCountry {
  /** Display name in the requested language. */
  name: string;
  /** ISO 3166-1 alpha-2 code, upper case (e.g. `FR`). */
  iso2: string;
  /** Country calling code without `+` (e.g. `33`). */
  dialCode: string;
  /** National format mask where `.` is a digit (e.g. `.. .. .. .. ..`); none for some countries. */
  format?: string;
  /** 0 for the main country of a shared dial code (US for +1), then 1, 2… */
  priority: number;
  /** Area codes that identify this country among those sharing its dial code. */
  areaCodes?: string[];
}

/** Without a known format, a number is entered in 12 digit slots. */
export const DEFAULT_PHONE_MASK = '............';
export const DEFAULT_PHONE_COUNTRY = 'FR';

interface CallingCodeMetadata {
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, unknown[]>;
}

/** Position of a country's "leading digits" pattern in libphonenumber-js's compact metadata. */
const LEADING_DIGITS_INDEX = 10;

/**
 * Area codes of a country that shares its dial code, when its metadata lists them plainly
 * (Puerto Rico: `787|939`); patterns that are real regular expressions are left out.
 */
function areaCodesOf(iso2: string, data: CallingCodeMetadata): string[] | undefined {
  const leading = data.countries[iso2]?.[LEADING_DIGITS_INDEX];
  if (typeof leading !== 'string' || !/^\d+(\|\d+)*$/.test(leading)) return undefined;
  return leading.split('|');
}

function maskOf(iso2: string): string | undefined {
  const example = getExampleNumber(iso2 as CountryCode, examples);
  return example ? example.formatNational().replace(/\d/g, '.') : undefined;
}

/**
 * The country records, from libphonenumber-js metadata, named in `locale` and sorted by name.
 * Built once per locale: the list is static.
 */
const cache = new Map<string, PhoneCountry[]>();
export function getPhoneCountries(locale = 'en'): PhoneCountry[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const countries: PhoneCountry[] = [];
  const data = metadata as unknown as CallingCodeMetadata;
  const codes = data.country_calling_codes;
  for (const [dialCode, isoCodes] of Object.entries(codes)) {
    isoCodes.forEach((iso2, priority) => {
      // "001" marks non-geographic numbering (satellite phones…), not a country.
      if (!/^[A-Z]{2}$/.test(iso2)) return;
      const areaCodes = isoCodes.length > 1 ? areaCodesOf(iso2, data) : undefined;
      countries.push({
        name: names.of(iso2) ?? iso2,
        iso2,
        dialCode,
        format: maskOf(iso2),
        priority,
        ...(areaCodes ? { areaCodes } : {}),
      });
    });
  }
  countries.sort((a, b) => a.name.localeCompare(b.name, locale));
  cache.set(locale, countries);
  return countries;
}

/**
 * Fills the mask's `.` slots with digits; literal characters show only before a digit, and
 * digits beyond the mask are dropped.
 */
export function applyPhoneMask(digits: string, mask: string): string {
  let result = '';
  let index = 0;
  for (const char of mask) {
    if (index >= digits.length) break;
    if (char === '.') {
      result += digits[index];
      index += 1;
    } else {
      result += char;
    }
  }
  return result;
}

/**
 * The country whose dial code starts an international number: the longest dial code, then the
 * country whose area code follows it, then `preferredIso2`, then the main country (priority).
 */
export function findCountryByNumber(
  digits: string,
  countries: PhoneCountry[],
  preferredIso2?: string,
): PhoneCountry | undefined {
  const byAreaCode = countries.find((country) =>
    country.areaCodes?.some((areaCode) => digits.startsWith(`${country.dialCode}${areaCode}`)),
  );
  if (byAreaCode) return byAreaCode;
  let best: PhoneCountry | undefined;
  for (const country of countries) {
    if (!digits.startsWith(country.dialCode)) continue;
    if (!best || country.dialCode.length > best.dialCode.length) {
      best = country;
      continue;
    }
    if (country.dialCode.length < best.dialCode.length) continue;
    if (country.iso2 === preferredIso2) best = country;
    else if (best.iso2 !== preferredIso2 && country.priority < best.priority) best = country;
  }
  return best;
}
