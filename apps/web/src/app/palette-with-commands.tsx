import { CommandPalette } from '@/features/palette/components/command-palette';
import { useCoreCommands } from './core-commands';

/**
 * The palette with the shell's own entries, loaded together on the first Ctrl+K / Cmd+K: the
 * entries serve only the palette, so they need not ride in every visitor's first page.
 */
export default function PaletteWithCommands() {
  useCoreCommands();
  return <CommandPalette defaultOpen />;
}
