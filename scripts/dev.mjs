// `npm run dev`: the API (restarting on change, with tsx) on API_PORT and Vite's dev
// server in front of it, proxying /api. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, API_PORT: apiPort };

const api = spawn('npx', ['tsx', 'watch', 'api/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, PORT: apiPort, HOST: '127.0.0.1' },
});
const vite = spawn('npx', ['vite', '--host', process.env.HOST ?? '0.0.0.0', '--port', process.env.PORT ?? '3000'], {
  cwd: root,
  stdio: 'inherit',
  env,
});

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  api.kill('SIGTERM');
  vite.kill('SIGTERM');
  process.exitCode = code;
}
api.on('exit', (code) => stop(code ?? 0));
vite.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
