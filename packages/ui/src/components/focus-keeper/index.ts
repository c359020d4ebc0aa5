export { FOCUS_KEY_ATTRIBUTE, FocusKeeper, type FocusKeeperProps } from './focus-keeper';
