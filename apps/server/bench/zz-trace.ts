import puppeteer from 'puppeteer-core';
import { readFileSync } from 'node:fs';
import { signIn } from '/work/main/apps/server/bench/suite/data';
const base = process.argv[2]!; const path = process.argv[3]!; const mode = process.argv[4] ?? 'returning';
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage();
await page.setViewport({ width: 412, height: 823, isMobile: true, deviceScaleFactor: 1 });
if (mode !== 'visitor') { const cookie = await signIn(base, `tr-${Date.now()}@example.com`); const [name='', value=''] = cookie.split('='); await browser.setCookie({ name, value, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' }); }
if (mode === 'returning') { await page.goto(`${base}/robots.txt`); await page.evaluate(`localStorage.setItem('analytics-acceptance', ${JSON.stringify(JSON.stringify({ version: 1, analytics: { isGoogleAnalyticsEnabled: false } }))})`); }
const cdp = await page.createCDPSession();
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 4) });
await page.tracing.start({ path: '/tmp/an/trace.json', categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
await page.goto(`${base}${path}`, { waitUntil: 'networkidle0' }); await new Promise(r => setTimeout(r, 1500));
await page.tracing.stop();
const events = JSON.parse(readFileSync('/tmp/an/trace.json', 'utf8')).traceEvents as any[];
const main = events.find(e => e.name === 'TracingStartedInBrowser')?.args?.data?.frames?.[0];
const rendererPid = events.find(e => e.name === 'thread_name' && e.args.name === 'CrRendererMain')?.pid;
const tid = events.find(e => e.name === 'thread_name' && e.args.name === 'CrRendererMain' && e.pid === rendererPid)?.tid;
const tasks = events.filter(e => e.pid === rendererPid && e.tid === tid && e.name === 'RunTask' && e.dur > 50000);
const nav = events.find(e => e.name === 'navigationStart' && e.pid === rendererPid)?.ts ?? tasks[0]?.ts;
for (const t of tasks) {
  const inside = events.filter(e => e.pid === rendererPid && e.tid === tid && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e.dur > 5000 && e !== t);
  const top = inside.sort((a, b) => b.dur - a.dur).slice(0, 6).map(e => `${e.name}${e.args?.data?.url ? ' ' + e.args.data.url.replace(base, '') : ''}${e.args?.data?.functionName ? ' ' + e.args.data.functionName : ''} ${(e.dur / 1000).toFixed(0)}`);
  console.log(`task @${((t.ts - nav) / 1000).toFixed(0)}ms ${(t.dur / 1000).toFixed(0)}ms:`, top.join(' | '));
}
await browser.close();
