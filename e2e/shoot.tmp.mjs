// usage: node shoot.mjs email lang width height out.png path [path...]
import { chromium } from '@playwright/test';
const [email, lang, w, h, out, ...paths] = process.argv.slice(2);
const base = 'http://127.0.0.1:4700';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: +w, height: +h }, locale: lang === 'fr' ? 'fr-FR' : 'en-GB' });
await ctx.addInitScript(() => { try { localStorage.setItem('consent', JSON.stringify({ analytics: false, answeredAt: new Date().toISOString() })); } catch {} });
const page = await ctx.newPage();
const r = await page.request.post(base + '/api/users/signup', { data: { email, language: lang }, headers: { origin: base } });
console.log('signup', r.status());
const mails = await (await page.request.get(base + '/api/dev/mailbox?to=' + encodeURIComponent(email), { headers: { accept: 'application/json' } })).json();
const list = Array.isArray(mails) ? mails : mails.messages ?? mails.items ?? [];
const link = (list[0]?.link) ?? JSON.stringify(mails).match(/https?:\/\/[^"\\ ]+\/signin\/[A-Za-z0-9_-]+/)?.[0];
console.log('link', link);
await page.goto(link.replace(/^https?:\/\/[^/]+/, base));
await page.getByRole('button', { name: /^(Sign in|Se connecter)$/ }).click();
await page.waitForURL(/refill|registration|backoffice/, { timeout: 15000 }).catch(() => {});
let i = 0;
for (const p of paths) {
  await page.goto(base + p); await page.waitForTimeout(2500);
  const file = out.replace('.png', `-${i++}.png`);
  await page.screenshot({ path: file, fullPage: false });
  console.log('shot', file, page.url());
}
await browser.close();
