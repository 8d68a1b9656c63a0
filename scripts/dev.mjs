// `npm run dev`: the server under tsx watch (restarts on change) and Vite's dev server with
// hot reload, which proxies /api to the server. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, LOG_PRETTY: process.env.LOG_PRETTY ?? 'true' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@platter/web'], { stdio: 'inherit' }),
];

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
