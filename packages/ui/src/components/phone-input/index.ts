export {
  PhoneInput,
  PHONE_TYPE_AHEAD_RESET_MS,
  defaultPhoneInputLabels,
  type PhoneChangeDetails,
  type PhoneInputLabels,
  type PhoneInputProps,
} from './phone-input';
export {
  DEFAULT_PHONE_COUNTRY,
  DEFAULT_PHONE_MASK,
  applyPhoneMask,
  findCountryByNumber,
  getPhoneCountries,
  type PhoneCountry,
} from './countries';
export { UNDO_HISTORY_SIZE, UNDO_SAVE_DELAY_MS, useUndoHistory } from './use-undo-history';
