#!/usr/bin/env node
// `npm start`: a whole organizer session against a throwaway local sandbox, with the real CLI as
// child processes. Every command is printed (`$ boxoffice …`) before its output, so the run reads
// as a tutorial. The sandbox and its temporary database are removed at the end, on failure and
// on Ctrl-C; the attendee CSV and the event's insights page are kept and their paths printed.
//
// Options (for tests and the curious): --keep (keep the temporary directory), --out DIR (where
// the CSV goes; default: a new temporary directory).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const bin = join(root, 'bin', 'boxoffice.js');
const args = process.argv.slice(2);
const keep = args.includes('--keep');
const outIndex = args.indexOf('--out');
const outDir = outIndex >= 0 ? resolve(args[outIndex + 1] ?? '.') : undefined;

const color = process.stdout.isTTY && !process.env.NO_COLOR && process.env.TERM !== 'dumb';
const bold = (text) => (color ? `\x1b[1m${text}\x1b[22m` : text);
const dim = (text) => (color ? `\x1b[2m${text}\x1b[22m` : text);
const say = (text = '') => process.stdout.write(`${text}\n`);
const section = (text) => say(`\n${bold(`## ${text}`)}`);

/** Quotes an argument for display the way a shell would need it. */
const shellQuote = (arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`);

const work = mkdtempSync(join(tmpdir(), 'boxoffice-demo-'));
// Where the CSV goes: made only when the export runs (step 8), so that a run stopped before
// it leaves no empty directory behind.
let csvDir = outDir;
let csvDirMade = false;
let succeeded = false;
const children = new Set();
let sandbox;
let finished = false;

const sandboxRunning = () => sandbox !== undefined && sandbox.exitCode === null && sandbox.signalCode === null;

/** Stops the sandbox (SIGINT, as Ctrl-C would; SIGKILL if it has not stopped after 5s). */
function stopSandbox() {
  return new Promise((resolvePromise) => {
    if (!sandboxRunning()) return resolvePromise();
    const force = setTimeout(() => sandbox.kill('SIGKILL'), 5_000);
    sandbox.once('exit', () => {
      clearTimeout(force);
      resolvePromise();
    });
    sandbox.kill('SIGINT');
  });
}

/** Ends every child, waits for the sandbox to stop, removes the temporary directory. */
async function cleanup() {
  finished = true;
  for (const child of children) child.kill('SIGTERM');
  await stopSandbox();
  removeTemporary();
}

/** The work directory, and the CSV's own directory unless the demo got as far as the CSV. */
function removeTemporary() {
  if (keep) return;
  rmSync(work, { recursive: true, force: true });
  if (csvDirMade && !succeeded) rmSync(csvDir, { recursive: true, force: true });
}

// Last resort if the process ends some other way: nothing may outlive the demo.
process.on('exit', () => {
  if (sandboxRunning()) sandbox.kill('SIGKILL');
  removeTemporary();
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (finished) return;
    process.stderr.write(`\ndemo interrupted; stopping the sandbox\n`);
    cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

class StepFailed extends Error {}

/** The environment every CLI command of the demo runs with (its own config dir and sandbox). */
const env = {
  ...process.env,
  BOXOFFICE_CONFIG_DIR: join(work, 'config'),
  // Where `sandbox start` writes the secret of its /sandbox/* tools and `sandbox token` reads it.
  BOXOFFICE_DATA_DIR: join(work, 'data'),
  BOXOFFICE_PROFILE: 'local',
  NO_COLOR: process.env.NO_COLOR ?? (color ? undefined : '1'),
};
for (const key of ['BOXOFFICE_TOKEN', 'BOXOFFICE_PUBLISHER_KEY', 'BOXOFFICE_BOOKING_KEY', 'BOXOFFICE_SANDBOX_SECRET', 'BOXOFFICE_DEBUG', 'CI']) delete env[key];
if (env.NO_COLOR === undefined) delete env.NO_COLOR;

/**
 * Runs `boxoffice ARGS`. `show: false` hides the command line (plumbing such as reading a token);
 * `capture: true` returns stdout instead of passing it through (for --json results).
 */
function boxoffice(argv, { show = true, capture = false, extraEnv = {} } = {}) {
  if (show) say(`\n${bold('$')} boxoffice ${argv.map(shellQuote).join(' ')}`);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [bin, ...argv], {
      cwd: root,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'],
    });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      children.delete(child);
      if (code === 0) return resolvePromise(stdout);
      if (stderr) process.stderr.write(stderr);
      reject(new StepFailed(`\`boxoffice ${argv.map(shellQuote).join(' ')}\` failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** A --json command: show it, print its document, return it parsed. */
async function boxofficeJson(argv, options = {}) {
  const stdout = await boxoffice([...argv, '--json'], { ...options, capture: true });
  say(stdout.trimEnd());
  try {
    return JSON.parse(stdout);
  } catch {
    throw new StepFailed(`\`boxoffice ${argv.join(' ')} --json\` did not print one JSON document`);
  }
}

/** Starts `boxoffice sandbox start --port 0` and resolves with its address once it listens. */
function startSandbox(dbPath) {
  const argv = ['sandbox', 'start', '--port', '0', '--db', dbPath];
  say(`${bold('$')} boxoffice ${argv.map(shellQuote).join(' ')} &`);
  return new Promise((resolvePromise, reject) => {
    sandbox = spawn(process.execPath, [bin, ...argv], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let seen = '';
    let stderr = '';
    const timer = setTimeout(() => reject(new StepFailed(`the sandbox did not report "listening on …" within 20s${stderr ? `:\n${stderr}` : ''}`)), 20_000);
    sandbox.stdout.on('data', (chunk) => {
      seen += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(seen);
      if (match) {
        clearTimeout(timer);
        say(dim(`listening on ${match[1]}`));
        resolvePromise(match[1].replace(/\/$/, ''));
      }
    });
    sandbox.stderr.on('data', (chunk) => (stderr += chunk));
    sandbox.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    sandbox.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (!finished) reject(new StepFailed(`the sandbox stopped (${signal ?? `exit ${code}`})${stderr ? `:\n${stderr}` : ''}`));
    });
  });
}

/** yyyy-mm-dd, `days` from today (UTC). */
function dateInDays(days) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function main() {
  const started = Date.now();
  if (!existsSync(join(root, 'dist', 'cli.cjs'))) {
    say(dim('building the CLI first (npm run build)…'));
    await new Promise((resolvePromise, reject) => {
      const child = spawn(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
      child.on('close', (code) => (code === 0 ? resolvePromise() : reject(new StepFailed('the build failed'))));
    });
  }

  say(bold('boxoffice demo: an organizer session against a local sandbox'));
  say(dim('Every command below is the real CLI; copy any of them to try it yourself.'));

  section('1. Start a sandbox (a local copy of the whole service) with a fresh database');
  const url = await startSandbox(join(work, 'sandbox.db'));

  section('2. Point boxoffice at it and get access tokens');
  const token = (role) => boxoffice(['sandbox', 'token', '--role', role, '--url', url], { show: false, capture: true }).then((out) => out.trim());
  const [organizerToken, publisherKey] = await Promise.all([token('organizer'), token('publisher')]);
  for (const name of ['BOXOFFICE_API_URL', 'BOXOFFICE_PUBLISHER_URL', 'BOXOFFICE_AUTH_URL']) {
    env[name] = url;
    say(`${bold('$')} export ${name}=${url}`);
  }
  env.BOXOFFICE_TOKEN = organizerToken;
  env.BOXOFFICE_PUBLISHER_KEY = publisherKey;
  say(`${bold('$')} export BOXOFFICE_TOKEN="$(boxoffice sandbox token --url ${url})"`);
  say(`${bold('$')} export BOXOFFICE_PUBLISHER_KEY="$(boxoffice sandbox token --role publisher --url ${url})"`);
  say(dim('(on the real service: `boxoffice login`; the Publisher API key comes from its developer area)'));

  section('3. Create an event');
  const startDate = dateInDays(30);
  const event = await boxofficeJson([
    'event',
    'create',
    '--event-type',
    'public',
    '--type',
    'ticketing',
    '--event-title',
    'Boxoffice Demo Night',
    '--url',
    `boxoffice-demo-night-${started.toString(36)}`,
    '--segment',
    'technology',
    '--category',
    'technology',
    '--start-date',
    startDate,
    '--end-date',
    startDate,
    '--start-time',
    '18:00',
    '--end-time',
    '22:00',
    '--about-event',
    'Talks, demos and snacks.',
    '--listing-image',
    'https://example.com/demo-listing.png',
    '--header-image',
    'https://example.com/demo-header.png',
    '--contact-info',
    'hello@example.com',
    '--city',
    'Bengaluru',
    '--country',
    'India',
  ]);
  const eventId = String(event.eventId);

  section('4. Add two tickets');
  const general = await boxofficeJson([
    'ticket',
    'add',
    eventId,
    '--ticket-name',
    'General',
    '--price',
    '500',
    '--currency',
    'INR',
    '--quantity',
    '100',
    '--status',
    'active',
    '--service-fee',
    '3',
    '--allow-cancellation',
    'false',
  ]);
  const vip = await boxofficeJson([
    'ticket',
    'add',
    eventId,
    '--ticket-name',
    'VIP',
    '--price',
    '1500',
    '--currency',
    'INR',
    '--quantity',
    '20',
    '--max-quantity',
    '4',
    '--status',
    'active',
    '--service-fee',
    '2',
    '--allow-cancellation',
    'true',
  ]);
  const generalId = String(general.ticketId);
  const vipId = String(vip.ticketId);

  section('5. Add a discount code: EARLYBIRD takes 20% off General');
  await boxofficeJson([
    'discount',
    'add',
    eventId,
    generalId,
    '--discount-name',
    'Early bird',
    '--discount-category',
    'code',
    '--code',
    'EARLYBIRD',
    '--discount',
    '20',
    '--discount-type',
    'percentage',
    '--limit',
    '50',
  ]);

  section('6. See the event as a buyer does, then place test orders through the Publisher API');
  await boxoffice(['event', 'details', eventId]);
  await boxoffice([
    'order',
    'place',
    eventId,
    '--ticket',
    `${generalId}:2`,
    '--attendee',
    'Asha Rao,asha.rao@example.com,+91 98450 00001',
    '--attendee',
    'Ben Okafor,ben.okafor@example.com,+44 7700 900002',
  ]);
  await boxoffice([
    'order',
    'place',
    eventId,
    '--ticket',
    `${generalId}:1:EARLYBIRD`,
    '--attendee',
    'Chioma Mensah,chioma.mensah@example.com,+234 803 000 0003',
  ]);
  await boxoffice(['order', 'place', eventId, '--ticket', `${vipId}:2`, '--fake']);

  section('7. The sales report');
  await boxoffice(['report', eventId]);

  section('8. Export the attendee list (the same token: one token does everything for its account)');
  if (csvDir === undefined) {
    csvDir = mkdtempSync(join(tmpdir(), 'boxoffice-demo-export-'));
    csvDirMade = true;
  }
  mkdirSync(csvDir, { recursive: true });
  const csvPath = join(csvDir, `attendees-${eventId}.csv`);
  await boxoffice(['attendees', 'export', eventId, '-o', csvPath, '--format', 'csv']);
  if (!existsSync(csvPath)) throw new StepFailed(`the export did not write ${csvPath}`);

  section('9. How sales are going: insights in the terminal, and as a page');
  const pagePath = join(csvDir, `insights-${eventId}.html`);
  await boxoffice(['insights', eventId, '-o', pagePath]);
  if (!existsSync(pagePath)) throw new StepFailed(`insights did not write ${pagePath}`);

  section('10. Stop the sandbox');
  await stopSandbox();
  say(dim('sandbox stopped; its temporary database is removed'));

  succeeded = true;
  say(`\n${bold('Done')} in ${((Date.now() - started) / 1000).toFixed(1)}s. The attendee list is at:\n${csvPath}`);
  say(`The insights page (open it in a browser) is at:\n${pagePath}`);
}

main().then(
  () => cleanup(),
  async (error) => {
    if (finished) return; // interrupted: the signal handler reports and exits
    process.stderr.write(`\ndemo failed: ${error instanceof StepFailed ? error.message : (error?.stack ?? String(error))}\n`);
    await cleanup();
    process.exitCode = 1;
  },
);
