// What the screenshot generators share: the built server on a free port (its environment
// on top of an in-memory embedded database), and Debian's Chromium with this project's flags.
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
import { root } from './build.mjs';

/** Starts dist/server and resolves with its URL and a stop function once it listens. */
export async function startBuiltServer(env = {}) {
  const server = spawn(process.execPath, ['dist/server/api/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    server.once('exit', (code) => reject(new Error(`the server stopped (${code}) before it listened`)));
    server.stdout.on('data', (d) => {
      out += d;
      const m = /listening on http:\/\/[^\s:]+:(\d+)/.exec(out);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
  });
  const stop = () =>
    new Promise((resolve) => {
      server.once('close', resolve);
      server.kill('SIGTERM');
    });
  return { url, stop };
}

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
