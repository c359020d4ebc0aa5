export {
  COMMAND_PALETTE_CLOSE_MS,
  COMMAND_PALETTE_SEARCH_DEBOUNCE_MS,
  CommandPalette,
  defaultCommandPaletteLabels,
  type CommandGroup,
  type CommandItem,
  type CommandPaletteLabels,
  type CommandPaletteProps,
} from './command-palette';
export { useCommandPaletteShortcut } from './use-command-palette-shortcut';
