// Throwaway screenshot script (not committed).
import { chromium, request as pwRequest } from '@playwright/test';
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
  const hash = link.split('/signin/')[1];
  const s = await r.post(`${base}/api/users/signin`, { data: { hash }, headers });
  if (s.status() !== 200) throw new Error('signin ' + s.status());
  await r.patch(`${base}/api/users/me`, { data: { firstName: 'Ada', lastName: 'Lovelace' }, headers });
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext();
await ctx.addInitScript(() => localStorage.setItem('analytics-acceptance', JSON.stringify({ version: 1, analytics: { isGoogleAnalyticsEnabled: false } })));
await signIn(ctx, `admin-${Date.now()}@example.com`);
// Data: two keys (one used, one revoked), an unmapped device heard, a mapped one.
const mk = async (name, scopes) => (await (await ctx.request.post(`${base}/api/integration/api-keys`, { data: { name, scopes }, headers })).json());
const gw = await mk('Passerelle entrepôt Lyon', ['readings:write', 'drums:read']);
const old = await mk('Ancien ERP', ['drums:read']);
await ctx.request.delete(`${base}/api/integration/api-keys/${old.apiKey.id}`, { headers });
const drums = (await (await ctx.request.get(`${base}/api/refill/drums`)).json()).drums;
const machine = await pwRequest.newContext();
await machine.post(`${base}/api/v1/ingest/lorawan`, { headers: { authorization: `Bearer ${gw.key}` }, data: { end_device_ids: { dev_eui: '70B3D57ED0051A2F' }, received_at: new Date(Date.now() - 3600e3).toISOString(), uplink_message: { decoded_payload: { remainingPercent: 50 } } } });
await machine.post(`${base}/api/v1/ingest/lorawan`, { headers: { authorization: `Bearer ${gw.key}` }, data: { end_device_ids: { dev_eui: '70B3D57ED0051A30' }, received_at: new Date(Date.now() - 7200e3).toISOString(), uplink_message: { decoded_payload: { remainingPercent: 50 } } } });
await ctx.request.put(`${base}/api/integration/drums/${drums[1].id}/device`, { data: { devEui: '70B3D57ED0051A30' }, headers });
const page = await ctx.newPage();
for (const lang of ['fr', 'en']) {
  await ctx.addCookies([{ name: 'locale', value: lang, url: base }]);
  for (const width of [1280, 320]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${base}/integration`);
    await page.getByRole('region', { name: lang === 'fr' ? 'Capteurs LoRaWAN' : 'LoRaWAN sensors' }).getByRole('listitem').first().waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shots/integration-${lang}-${width}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    console.log(lang, width, 'overflow', overflow);
  }
}
// The dialog with a key, at 320 px in French.
await page.setViewportSize({ width: 320, height: 740 });
await ctx.addCookies([{ name: 'locale', value: 'fr', url: base }]);
await page.goto(`${base}/integration`);
const form = page.getByRole('form', { name: 'Créer une clé' });
await form.getByRole('textbox', { name: /^Nom/ }).fill('Automate ligne 3');
await form.getByRole('button', { name: 'Créer la clé' }).click();
await page.getByRole('dialog').waitFor();
await page.waitForTimeout(400);
await page.screenshot({ path: `/tmp/shots/dialog-fr-320.png` });
await page.keyboard.press('Escape');
await page.setViewportSize({ width: 1280, height: 900 });
await page.goto(`${base}/integration`);
await page.getByRole('button', { name: /^Révoquer Passerelle/ }).click();
await page.getByRole('dialog').waitFor();
await page.waitForTimeout(400);
await page.screenshot({ path: `/tmp/shots/revoke-fr-1280.png` });
// Staff.
const staff = await browser.newContext();
await staff.addInitScript(() => localStorage.setItem('analytics-acceptance', JSON.stringify({ version: 1, analytics: { isGoogleAnalyticsEnabled: false } })));
await signIn(staff, 'boss@provider.example');
await staff.addCookies([{ name: 'locale', value: 'en', url: base }]);
const accounts = (await (await staff.request.get(`${base}/api/backoffice/accounts?search=`)).json()).accounts;
const demo = accounts[0];
const sp = await staff.newPage();
for (const width of [1280, 320]) {
  await sp.setViewportSize({ width, height: 900 });
  await sp.goto(`${base}/backoffice/accounts/${demo.id}`);
  const section = sp.getByRole('region', { name: 'Integration' });
  await section.getByRole('listitem').first().waitFor();
  await section.scrollIntoViewIfNeeded();
  await sp.waitForTimeout(500);
  await section.screenshot({ path: `/tmp/shots/backoffice-en-${width}.png` });
}
await browser.close();
