/**
 * The browser and the system a User-Agent names, for a person recognising their own devices in
 * the list of sessions. Order matters: Edge and Opera also say "Chrome", Chrome also says
 * "Safari", Android also says "Linux", iOS also says "Mac OS X".
 */
const browsers: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: Array<[RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function deviceOf(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  const find = (table: Array<[RegExp, string]>) =>
    table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser: find(browsers), os: find(systems) };
}
