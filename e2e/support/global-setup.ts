import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { generate } from 'otplib';
import { request } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH, chromiumMissingMessage } from './browser.ts';
import { DEMO_FARMER, spawnPlatter } from './platter-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
    /** The seed of the authenticator bound to the first-start admin (the back office needs one). */
    adminTotpSecret: string;
    demoEmail: string;
    demoPassword: string;
    /** Milliseconds before a verification code can be sent again to the same address. */
    codeResendMs: number;
  }
}

/**
 * Starts Platter exactly as `npm start` does (main.ts, embedded PostgreSQL, first-start admin
 * printed to the console), on free ports and a throw-away data folder.
 */
/** E2E_START_SECONDS: more time to start on a loaded machine (the simulator's history is made under the same CPU). */
const START_SECONDS = Number(process.env.E2E_START_SECONDS ?? 180);

/** Seconds before a code can be sent again to the same address (CODE_RESEND_SECONDS; 60 in production). */
const CODE_RESEND_SECONDS = 3;

/**
 * The first-start admin signs in once and binds an authenticator through the security centre's
 * calls (the e-mailed code read from the development mailbox), as its first sign-in asks; the
 * browser tests sign in with codes computed from the seed.
 */
async function bindAdminAuthenticator(baseUrl: string, email: string, password: string): Promise<string> {
  // The server's first minutes are busy (the simulator writes its history): generous timeouts.
  const context = await request.newContext({ baseURL: baseUrl, timeout: 180_000 });
  try {
    const csrf = async () => decodeURIComponent((await context.storageState()).cookies.find((c) => c.name === 'platter_csrf')?.value ?? '');
    const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
      const res = await context.fetch(path, { method, headers: { 'x-csrf-token': await csrf() }, ...(body === undefined ? {} : { data: body }) });
      const answer = (await res.json()) as { code: number; data: T };
      if (answer.code !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
      return answer.data;
    };
    await context.get('/');
    await call('GET', '/api/user/checkRegister');
    const { session } = await call<{ session: string }>('GET', '/api/user/requestsession');
    await context.get(`/api/user/verificationcode?session=${encodeURIComponent(session)}`);
    const { answer } = await call<{ answer: string }>('GET', `/api/dev/captcha?session=${encodeURIComponent(session)}`);
    await call('POST', '/api/user/login', { method: 'email', email, password, session, captcha: answer });
    const { secret } = await call<{ secret: string }>('GET', '/api/security/getgooglesecret');
    await call('POST', '/api/security/sendemailcode', { action: 'bind_google' });
    let emailCode = '';
    for (let i = 0; i < 600 && !emailCode; i++) {
      const mails = await call<{ text: string }[]>('GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
      emailCode = mails.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean) ?? '';
      if (!emailCode) await new Promise((r) => setTimeout(r, 150));
    }
    await call('POST', '/api/security/bindgoogle', { email_code: emailCode, google_code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }) });
    return secret;
  } finally {
    await context.dispose();
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(chromiumMissingMessage());
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm test does it).');
  }
  const platter = await spawnPlatter(
    {
      ADMIN_EMAIL: 'admin@e2e.test',
      NODE_ENV: 'test',
      // The wallet test: fast devnet blocks (CHIA's 32 confirmations ≈ 7 s), approved withdrawals sent at once.
      DEVNET_BLOCK_SECONDS: '0.2',
      WITHDRAW_SEND_DELAY_HOURS: '0',
      WORKER_INTERVAL_MS: '200',
      // The pool pages: a few simulated pools with two days of history, reports every 2 s.
      SIMULATOR_POOLS: 'chia,chiapp,bhd,ironfish',
      SIMULATOR_BACKFILL_DAYS: '2',
      SIMULATOR_TICK_SECONDS: '2',
      SIMULATOR_BLOCK_SECONDS: '60',
      // BHD-family chains: a block about every 5 s, miners' capacity estimated from two rounds on.
      DEVNET_POC_BLOCK_SECONDS: '5',
      POC_ESTIMATE_MIN_ROUNDS: '2',
      // Chia PP: a signage point a second, partials' points counted 2 s after they arrive.
      DEVNET_CHIA_SP_SECONDS: '1',
      CHIA_POOL_CONFIRMATION_DELAY: '2',
      // Verification codes may be sent again after 3 s instead of 60 (the countdown follows the server).
      CODE_RESEND_SECONDS: String(CODE_RESEND_SECONDS),
      // The message channels' test: the user's webhook is a receiver on loopback.
      MESSAGE_WEBHOOK_PRIVATE: 'true',
    },
    'platter-e2e-',
  );
  const { baseUrl } = platter;
  // The pool pages' history is a job of the fresh server (simulator-history): the tests start once it is made.
  const started = await platter
    .waitFor((output) => {
      const email = /e-mail:\s+(\S+)/.exec(output)?.[1];
      const password = /password:\s+(\S+)/.exec(output)?.[1];
      const demo = DEMO_FARMER.exec(output);
      if (!output.includes('Platter is running at') || !output.includes('Simulator history ready') || !email || !password || !demo?.[1] || !demo[2]) return undefined;
      return { email, password, demoEmail: demo[1], demoPassword: demo[2] };
    }, START_SECONDS * 1000)
    .catch(async (error: unknown) => {
      await platter.stop(5_000);
      throw error;
    });
  project.provide('baseUrl', baseUrl);
  project.provide('adminEmail', started.email);
  project.provide('adminPassword', started.password);
  try {
    project.provide('adminTotpSecret', await bindAdminAuthenticator(baseUrl, started.email, started.password));
  } catch (error) {
    await platter.stop(5_000);
    throw error;
  }
  project.provide('demoEmail', started.demoEmail);
  project.provide('demoPassword', started.demoPassword);
  project.provide('codeResendMs', CODE_RESEND_SECONDS * 1000);

  return async () => {
    const code = await platter.stop();
    const logFile = path.join(ROOT, 'e2e/.artifacts/server.log');
    await fs.mkdir(path.dirname(logFile), { recursive: true });
    await fs.writeFile(logFile, platter.output());
    if (code !== 0) {
      // Vitest reports a teardown error without failing the run: fail it here.
      process.exitCode = 1;
      const output = platter.output();
      const firstError = output.split('\n').findIndex((line) => /error|Error|"level":[56]0/.test(line));
      const excerpt = output
        .split('\n')
        .slice(Math.max(0, firstError - 2), firstError + 25)
        .join('\n');
      throw new Error(`Platter did not stop cleanly (exit ${String(code)}); whole log in ${logFile}:\n${excerpt}`);
    }
  };
}
