import { colorRoleTokens, paletteTokens } from './tokens';

const colours = new Map(
  [...paletteTokens, ...colorRoleTokens].map((token) => [token.name, token.value]),
);

/** The hex value a colour token ends at, following `var(--…)` through the roles to the palette. */
export function resolveColour(name: `--${string}`): string {
  const value = colours.get(name);
  if (value === undefined) throw new Error(`${name} is not a colour token`);
  const reference = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
  return reference ? resolveColour(reference as `--${string}`) : value;
}

function luminance(hex: string): number {
  const channels = /^#([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i.exec(hex);
  if (!channels) throw new Error(`${hex} is not an opaque #rrggbb colour`);
  const [red = 0, green = 0, blue = 0] = channels.slice(1).map((channel) => {
    const value = Number.parseInt(channel, 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The WCAG contrast ratio of two opaque colours, from 1 (none) to 21 (black on white). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}
