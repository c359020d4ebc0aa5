// `npm run dev`: the API with reload on change (tsx watch) and Vite's dev server with hot reload,
// which proxies /api to the API. Ctrl+C stops both.
import './check-node-version.cjs';
import { spawnNpm } from './run-npm.mjs';

const children = [
  spawnNpm(['run', 'dev', '--workspace', '@portal/server']),
  spawnNpm(['run', 'dev', '--workspace', '@portal/web']),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
