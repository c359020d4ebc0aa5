// `npm run dev`: the API with reload on change (tsx watch) and Vite's dev server with hot reload,
// which proxies /api to the API. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@portal/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@portal/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
