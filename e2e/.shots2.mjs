import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4890';
const headers = { origin: base };
async function signIn(ctx, email) {
  const r = ctx.request;
  await r.post(`${base}/api/users/signup`, { data: { email }, headers });
  let link = null;
  for (let i = 0; i < 50 && !link; i++) {
    const mails = await (await r.get(`${base}/api/dev/mailbox?to=${encodeURIComponent(email)}`, { headers: { accept: 'application/json' } })).json();
    link = mails[0]?.link ?? null;
    if (!link) await new Promise((res) => setTimeout(res, 200));
  }
  await r.post(`${base}/api/users/signin`, { data: { hash: link.split('/signin/')[1] }, headers });
  await r.patch(`${base}/api/users/me`, { data: { firstName: 'Ada', lastName: 'Lovelace' }, headers });
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ deviceScaleFactor: 1 });
await ctx.addInitScript(() => localStorage.setItem('analytics-acceptance', JSON.stringify({ version: 1, analytics: { isGoogleAnalyticsEnabled: false } })));
await signIn(ctx, `admin2-${Date.now()}@example.com`);
const page = await ctx.newPage();
const lang = process.argv[2] ?? 'fr';
await ctx.addCookies([{ name: 'locale', value: lang, url: base }]);
await page.setViewportSize({ width: 320, height: 900 });
await page.goto(`${base}/integration`);
await page.locator('main li').first().waitFor();
await page.waitForTimeout(800);
const h = await page.evaluate(() => document.documentElement.scrollHeight);
for (let y = 0, i = 0; y < h; y += 1000, i++) {
  await page.screenshot({ path: `/tmp/shots/p320-${lang}-${i}.png`, fullPage: true, clip: { x: 0, y, width: 320, height: Math.min(1000, h - y) } });
}
await browser.close();
