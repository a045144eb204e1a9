// Every leaf command of the built CLI, run as users run it (`node bin/boxoffice.js`, a real
// sandbox): at least one success and one failure each, including every flag that reads a file,
// opens a browser or writes a file, and the `--no-input` path of the commands that prompt. The
// leaf commands and their flags are read from the CLI itself (its bash completion data and
// `--help`), so a new command or file flag without a case here fails the last two tests.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_BROWSER, ROOT, runBuilt, startE2e, type E2e, type ProcessResult, type RunOptions } from './support/built-cli.js';

let e2e: E2e;
/** Leaf command paths ("event create"), from the completion data of the built CLI. */
let leaves: string[];
const runs: { leaf: string | undefined; argv: readonly string[]; code: number | null }[] = [];
/** A seeded event of the organizer, with tickets, orders and custom questions; a ticket; a discount. */
let eventId: string;
let ticketId: string;
let discountId: string;

/** Leaf commands: the completion data's command paths that list no subcommand. */
function leafCommands(bashCompletion: string): string[] {
  const entries = [...bashCompletion.matchAll(/^ {4}"([^"]*)"\) echo "([^"]*)" ;;$/gm)].map((match) => ({ path: match[1], words: match[2].split(' ') }));
  return entries.filter((entry) => entry.path !== '' && entry.words.every((word) => word.startsWith('-'))).map((entry) => entry.path);
}

/** The leaf an argv runs: its first words after the global options. */
function leafOf(argv: readonly string[]): string | undefined {
  const words: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    if (argv[index] === '--profile') index += 1;
    else if (!argv[index].startsWith('-')) words.push(argv[index]);
    else if (words.length > 0) break;
  }
  return leaves
    .filter((leaf) => words.join(' ').startsWith(leaf) && (words.join(' ') === leaf || words.join(' ')[leaf.length] === ' '))
    .sort((a, b) => b.length - a.length)[0];
}

async function cli(argv: readonly string[], options: RunOptions = {}): Promise<ProcessResult> {
  const result = await e2e.run(argv, options);
  runs.push({ leaf: leafOf(argv), argv, code: result.code });
  return result;
}

/** A fresh directory for one case. */
function caseDir(name: string): string {
  const path = join(e2e.dir, 'cases', name);
  mkdirSync(path, { recursive: true });
  return path;
}

const eventFlags = (slug: string) => [
  '--event-type',
  'public',
  '--type',
  'ticketing',
  '--event-title',
  'E2E Night',
  '--url',
  slug,
  '--segment',
  'technology',
  '--category',
  'technology',
  '--start-date',
  '2030-05-01',
  '--end-date',
  '2030-05-01',
  '--start-time',
  '18:00',
  '--end-time',
  '22:00',
  '--about-event',
  'Talks',
  '--listing-image',
  'https://img.example/l.png',
  '--header-image',
  'https://img.example/h.png',
  '--contact-info',
  'hello@example.com',
];

beforeAll(async () => {
  e2e = await startE2e({ seed: 'demo' });
  const completion = await runBuilt(['completion', 'bash']);
  leaves = leafCommands(completion.stdout);
  eventId = e2e.sandbox.seededEventIds[0];
  ticketId = (await e2e.run(['ticket', 'list', eventId])).stdout.split('\t')[0];
  discountId = (
    await e2e.run([
      'discount',
      'add',
      eventId,
      ticketId,
      '--discount-category',
      'code',
      '--code',
      'E2ESETUP',
      '--discount',
      '5',
      '--discount-type',
      'percentage',
    ])
  ).stdout.trim();
  expect(ticketId).toMatch(/^\d+$/);
  expect(discountId).toMatch(/^\d+$/);
});
afterAll(async () => e2e?.close());

// Generous time: each case starts several processes, and a loaded 2-core machine runs them slowly.
describe.concurrent('every leaf command, built, as a process', { timeout: 150_000 }, () => {
  // --- session ---------------------------------------------------------------------------------
  it('login --with-token stores a token read from stdin; logout removes it; auth status reports it', async () => {
    const env = { BOXOFFICE_TOKEN: undefined, BOXOFFICE_CONFIG_DIR: caseDir('with-token') };
    const login = await cli(['login', '--with-token'], { env, stdin: `${e2e.sandbox.mintToken('organizer')}\n` });
    expect(login.code).toBe(0);
    const status = await cli(['--json', 'auth', 'status'], { env });
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ profile: 'local', tokenSource: 'profile' });
    expect(statSync(join(env.BOXOFFICE_CONFIG_DIR, 'config.json')).mode & 0o777).toBe(0o600);
    const logout = await cli(['logout'], { env });
    expect(logout.code).toBe(0);
    const after = await cli(['event', 'list'], { env });
    expect(after.code).toBe(3);
    expect(after.stderr).toContain('boxoffice login');
  });

  it('login opens BROWSER and completes; --no-browser prints the address and times out (exit non-zero)', async () => {
    const log = join(caseDir('login-browser'), 'opened.ndjson');
    const env = { BOXOFFICE_TOKEN: undefined, BOXOFFICE_CONFIG_DIR: caseDir('login-browser-config'), BROWSER: `node ${FAKE_BROWSER}`, FAKE_BROWSER_LOG: log };
    const login = await cli(['login', '--port', '0', '--timeout', '90'], { env });
    expect(login.stderr).toMatch(/logged in \(profile local\)/);
    expect(login.code).toBe(0);
    expect(readFileSync(log, 'utf8')).toContain('/a/account/oauth/authorize');
    const noBrowser = await cli(['login', '--no-browser', '--port', '0', '--timeout', '1'], { env });
    expect(noBrowser.stderr).toMatch(/Open this address in a browser to log in:\n {2}http:\/\/127\.0\.0\.1:\d+\/a\/account\/oauth\/authorize\?/);
    expect(noBrowser.code).not.toBe(0);
  });

  it('login --with-token refuses an empty token; auth status and logout refuse an unknown profile', async () => {
    const env = { BOXOFFICE_TOKEN: undefined, BOXOFFICE_CONFIG_DIR: caseDir('session-failures') };
    const empty = await cli(['login', '--with-token'], { env, stdin: '' });
    expect(empty.code).toBe(2);
    const status = await cli(['--profile', 'nosuch', 'auth', 'status'], { env });
    expect(status.code).toBe(2);
    expect(status.stderr).toContain('nosuch');
    const logout = await cli(['--profile', 'nosuch', 'logout'], { env });
    expect(logout.code).toBe(2);
  });

  // --- config ----------------------------------------------------------------------------------
  it('config set writes the config file (0600); config get and list read it', async () => {
    const env = { BOXOFFICE_CONFIG_DIR: caseDir('config') };
    expect((await cli(['config', 'set', 'clientId', 'my-app'], { env })).code).toBe(0);
    const get = await cli(['config', 'get', 'clientId'], { env });
    expect(get).toMatchObject({ code: 0, stdout: 'my-app\n' });
    const list = await cli(['config', 'list', '--all', '--json'], { env });
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('my-app');
    expect(statSync(join(env.BOXOFFICE_CONFIG_DIR, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('config get and list refuse an unknown key or profile; config set of a secret without a value needs a terminal', async () => {
    const env = { BOXOFFICE_CONFIG_DIR: caseDir('config-failures') };
    const get = await cli(['config', 'get', 'nosuchKey'], { env });
    expect(get.code).toBe(2);
    expect(get.stderr).toContain('nosuchKey');
    const list = await cli(['--profile', 'nosuch', 'config', 'list'], { env });
    expect(list.code).toBe(2);
    const secret = await cli(['--no-input', 'config', 'set', 'clientSecret'], { env });
    expect(secret.code).toBe(2);
    expect(secret.stderr).toContain('clientSecret');
  });

  // --- events ----------------------------------------------------------------------------------
  it('event create --from-file reads YAML (the bundle once failed with "e is not a function")', async () => {
    const dir = caseDir('from-file');
    writeFileSync(
      join(dir, 'gala.yaml'),
      [
        'eventType: public',
        'type: ticketing',
        'eventTitle: YAML Gala',
        'url: yaml-gala-e2e',
        'segment: entertainment',
        'category: music',
        'startDate: 2030-06-01',
        'endDate: 2030-06-01',
        'startTime: "18:00"',
        'endTime: "23:00"',
        'aboutEvent: An evening of music',
        'listingImage: https://img.example/l.png',
        'headerImage: https://img.example/h.png',
        'contactInfo: hello@gala.example',
        '',
      ].join('\n'),
    );
    const created = await cli(['event', 'create', '--from-file', 'gala.yaml', '--end-date', '2030-06-02'], { cwd: dir });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const got = await cli(['--json', 'event', 'get', created.stdout.trim()]);
    expect(got.stdout).toContain('YAML Gala');
    expect(got.stdout).toContain('2030-06-02');
  });

  it('event create with flags; without them and --no-input it names every missing flag (exit 2)', async () => {
    const created = await cli(['event', 'create', ...eventFlags('e2e-flags-night')]);
    expect(created.code).toBe(0);
    expect(created.stdout.trim()).toMatch(/^\d+$/);
    const missing = await cli(['--no-input', 'event', 'create', '--event-title', 'x']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error: missing required flags: --event-type, --type, --url/);
    const badFile = await cli(['event', 'create', '--from-file', 'nosuch.yaml']);
    expect(badFile.code).toBe(2);
    expect(badFile.stderr).toContain('cannot read --from-file nosuch.yaml: ENOENT');
  });

  it('event update, get, list and details succeed on the seeded event', async () => {
    expect((await cli(['event', 'update', eventId, '--city', 'Pune'])).code).toBe(0);
    const got = await cli(['event', 'get', eventId]);
    expect(got.code).toBe(0);
    const list = await cli(['event', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`${eventId}\t`);
    const details = await cli(['event', 'details', eventId]);
    expect(details.code).toBe(0);
  });

  it('event update, get and details of an unknown event fail (exit 1); event list without a token exits 3', async () => {
    for (const argv of [
      ['event', 'update', '999999', '--city', 'Pune'],
      ['event', 'get', '999999'],
      ['event', 'details', '999999'],
    ]) {
      const result = await cli(argv);
      expect(result.code, argv.join(' ')).toBe(1);
      expect(result.stderr).toMatch(/^error /);
    }
    const list = await cli(['event', 'list'], { env: { BOXOFFICE_TOKEN: undefined, BOXOFFICE_CONFIG_DIR: caseDir('no-token') } });
    expect(list.code).toBe(3);
  });

  // --- tickets, discounts, report --------------------------------------------------------------
  it('ticket add, update and list; discount add and update; report', async () => {
    const added = await cli([
      'ticket',
      'add',
      eventId,
      '--ticket-name',
      'E2E',
      '--price',
      '100',
      '--currency',
      'INR',
      '--quantity',
      '10',
      '--status',
      'active',
      '--service-fee',
      '1',
      '--allow-cancellation',
      'false',
    ]);
    expect(added.code).toBe(0);
    const newTicket = added.stdout.trim();
    expect((await cli(['ticket', 'update', eventId, newTicket, '--price', '120'])).code).toBe(0);
    const list = await cli(['ticket', 'list', eventId]);
    expect(list.stdout).toContain(`${newTicket}\tE2E\t120\t`);
    const discount = await cli(['discount', 'add', eventId, newTicket, '--discount-category', 'flat', '--discount', '5', '--discount-type', 'fixed']);
    expect(discount.code).toBe(0);
    expect((await cli(['discount', 'update', eventId, discountId, '--discount', '7'])).code).toBe(0);
    const report = await cli(['report', eventId]);
    expect(report.code).toBe(0);
    expect(report.stdout).toMatch(/^total\t/m);
  });

  it('ticket, discount and report commands refuse bad input or unknown ids', async () => {
    const add = await cli(['--no-input', 'ticket', 'add', eventId, '--ticket-name', 'x']);
    expect(add.code).toBe(2);
    const update = await cli(['ticket', 'update', eventId, '999999', '--price', '1']);
    expect(update.code).toBe(1);
    const list = await cli(['ticket', 'list', '999999']);
    expect(list.code).toBe(1);
    const discount = await cli(['discount', 'add', eventId, ticketId, '--discount-category', 'nonsense', '--discount', '5', '--discount-type', 'fixed']);
    expect(discount.code).toBe(2);
    const discountUpdate = await cli(['discount', 'update', eventId, '999999', '--discount', '7']);
    expect(discountUpdate.code).not.toBe(0);
    const report = await cli(['report', '999999']);
    expect(report.code).toBe(1);
  });

  // --- attendees export (more in export.test.ts) -----------------------------------------------
  it("attendees export -o writes the file with an admin token; the organizer's own token reads it too, another account's exits 3; -o DIR/ exits 2", async () => {
    const dir = caseDir('export');
    const admin = { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin };
    const written = await cli(['attendees', 'export', eventId, '-o', 'attendees.csv'], { cwd: dir, env: admin });
    expect(written.code).toBe(0);
    expect(readFileSync(join(dir, 'attendees.csv'), 'utf8')).toMatch(/^orderNo,/);
    const again = await cli(['attendees', 'export', eventId, '-o', 'attendees.csv', '--force', '--resume'], { cwd: dir, env: admin });
    expect(again.code).toBe(0);
    const organizer = await cli(['attendees', 'export', eventId]);
    expect(organizer.code).toBe(0);
    const stranger = await cli(['attendees', 'export', eventId], { env: { BOXOFFICE_TOKEN: e2e.sandbox.mintToken('organizer', 'e2e-stranger@example.test') } });
    expect(stranger.code).toBe(3);
    const directory = await cli(['attendees', 'export', eventId, '-o', 'out/'], { cwd: dir, env: admin });
    expect(directory.code).toBe(2);
  });

  it('insights reads the service or an export (--from), writes the -o page and --svg charts, counts --db arrivals; a missing --from or --db file exits 2', async () => {
    const dir = caseDir('insights');
    const admin = { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin };
    expect((await cli(['attendees', 'export', eventId, '-o', 'attendees.csv'], { cwd: dir, env: admin })).code).toBe(0);
    const fromFile = await cli(['--json', 'insights', '--from', 'attendees.csv', '--format', 'csv'], { cwd: dir });
    expect(fromFile.code).toBe(0);
    expect(() => JSON.parse(fromFile.stdout)).not.toThrow();
    const pictures = await cli(['insights', eventId, '-o', 'report.html', '--svg', 'charts'], { cwd: dir, env: admin });
    expect(pictures.code).toBe(0);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toMatch(/^<!doctype html>/i);
    expect(readdirSync(join(dir, 'charts')).some((name) => name.endsWith('.svg'))).toBe(true);
    // an existing page is replaced only with --force
    expect((await cli(['insights', '--from', 'attendees.csv', '-o', 'report.html'], { cwd: dir })).code).toBe(2);
    expect((await cli(['insights', '--from', 'attendees.csv', '-o', 'report.html', '--force'], { cwd: dir })).code).toBe(0);
    const missing = await cli(['insights', '--from', 'nosuch.csv'], { cwd: dir });
    expect(missing.code).toBe(2);
    // --db counts the arrivals of the database attendees sync fills; one that is not there exits 2
    expect((await cli(['attendees', 'sync', eventId, '--to', 'door.db'], { cwd: dir, env: admin })).code).toBe(0);
    const arrivals = await cli(['--json', 'insights', eventId, '--db', 'door.db'], { cwd: dir, env: admin });
    expect(JSON.parse(arrivals.stdout)).toMatchObject({ arrivals: { arrived: 0, doors: [] } });
    expect((await cli(['insights', eventId, '--db', 'nosuch.db'], { cwd: dir, env: admin })).code).toBe(2);
  });

  // --- bookings --------------------------------------------------------------------------------
  it('bookings list as a table and as CSV; a missing --to-date exits 2', async () => {
    const table = await cli(['bookings', 'list', '--from-date', '2026-01-01', '--to-date', '2026-01-31']);
    expect(table.code).toBe(0);
    const csv = await cli(['bookings', 'list', '--from-date', '2026-01-01', '--to-date', '2026-01-31', '--format', 'csv']);
    expect(csv.code).toBe(0);
    const missing = await cli(['--no-input', 'bookings', 'list', '--from-date', '2026-01-01']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--to-date');
    const dir = caseDir('booking-key');
    writeFileSync(join(dir, 'key.txt'), `${e2e.sandbox.tokens.bookingKey}\n`, { mode: 0o600 });
    const fromFile = await cli(['bookings', 'list', '--from-date', '2026-01-01', '--to-date', '2026-01-31', '--booking-key-file', 'key.txt'], { cwd: dir });
    expect(fromFile.code).toBe(0);
    const noKeyFile = await cli(['bookings', 'request', '--amount', '1', '--order-no', 'E2E-KEY-1', '--booking-key-file', 'nosuch.txt'], { cwd: dir });
    expect(noKeyFile.code).toBe(2);
    expect(noKeyFile.stderr).toContain('--booking-key-file nosuch.txt: no such file');
    const onArgv = await cli(['bookings', 'list', '--from-date', '2026-01-01', '--to-date', '2026-01-31', '--booking-key', e2e.sandbox.tokens.bookingKey]);
    expect(onArgv.code).toBe(2);
    expect(onArgv.stderr).toContain('--booking-key is not accepted');
    expect(onArgv.stderr).not.toContain(e2e.sandbox.tokens.bookingKey);
  });

  it('bookings request opens BROWSER on the payment page and reports the payment; --no-browser prints the address and times out', async () => {
    const log = join(caseDir('pay'), 'opened.ndjson');
    const paid = await cli(['bookings', 'request', '--amount', '99', '--order-no', 'E2E-CMD-1', '--timeout', '90s'], {
      env: { BROWSER: `node ${FAKE_BROWSER}`, FAKE_BROWSER_LOG: log },
    });
    expect(paid.stdout).toMatch(/^E2E-CMD-1\tsuccess\t99/);
    expect(paid.code).toBe(0);
    const waiting = await cli(['bookings', 'request', '--amount', '99', '--order-no', 'E2E-CMD-2', '--no-browser', '--timeout', '1s']);
    expect(waiting.stderr).toMatch(/Open this address in a browser to pay:\n {2}http:\/\/127\.0\.0\.1:\d+\/em\/booking\/pay\//);
    expect(waiting.code).not.toBe(0);
  });

  // --- apply -----------------------------------------------------------------------------------
  it('apply reads the setup file, plans with --dry-run, writes the --state file; a missing state directory or a broken file exits 2 before any change', async () => {
    const dir = caseDir('apply');
    copyFileSync(join(ROOT, 'examples', 'conference.yaml'), join(dir, 'conference.yaml'));
    const env = { CONF_URL: 'e2e-conference', LAUNCH_CODE: 'E2ELAUNCH' };
    const plan = await cli(['apply', 'conference.yaml', '--dry-run'], { cwd: dir, env });
    expect(plan.code).toBe(0);
    expect(plan.stdout).toMatch(/Plan: \d+ to create/);
    const pending = await cli(['apply', 'conference.yaml', '--dry-run', '--detailed-exitcode'], { cwd: dir, env });
    expect(pending.code).toBe(9);
    const noDirectory = await cli(['apply', 'conference.yaml', '--state', 'state/conference.json'], { cwd: dir, env });
    expect(noDirectory.code).toBe(2);
    expect(noDirectory.stderr).toContain('no such directory for the state file');
    mkdirSync(join(dir, 'state'));
    const applied = await cli(['apply', 'conference.yaml', '--state', 'state/conference.json'], { cwd: dir, env });
    expect(applied.stderr).toMatch(/^created event e2e-conference \(id \d+\)$/m);
    expect(applied.code).toBe(0);
    expect(existsSync(join(dir, 'state', 'conference.json'))).toBe(true);
    // Another run holds the state file's lock (this test process, alive): --lock-timeout ends the wait.
    writeFileSync(
      join(dir, 'state', 'conference.json.lock'),
      `${JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date().toISOString() })}\n`,
    );
    const locked = await cli(['apply', 'conference.yaml', '--state', 'state/conference.json', '--lock-timeout', '1s'], { cwd: dir, env });
    expect(locked.stderr).toContain('is in use by another apply');
    expect(locked.code).not.toBe(0);
    rmSync(join(dir, 'state', 'conference.json.lock'));
    const again = await cli(['apply', 'conference.yaml', '--state', 'state/conference.json', '--lock-timeout', '30s'], { cwd: dir, env });
    expect(again.stdout).toContain('No changes: the service matches the file.');
    expect(again.code).toBe(0);
    writeFileSync(join(dir, 'broken.yaml'), 'event:\n  eventTitle: [unclosed\n');
    const broken = await cli(['apply', 'broken.yaml'], { cwd: dir });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^error: broken\.yaml/);
  });

  // --- buyer commands --------------------------------------------------------------------------
  it('order place with --fake and with --attendees-file; without answers and --no-input it exits 2', async () => {
    const fake = await cli(['order', 'place', eventId, '--ticket', `${ticketId}:1`, '--fake']);
    expect(fake.code).toBe(0);
    const dir = caseDir('order');
    writeFileSync(join(dir, 'people.csv'), 'name,email,phone\nAsha Rao,asha@example.com,+91 98450 00001\n');
    const fromFile = await cli(['order', 'place', eventId, '--ticket', `${ticketId}:1`, '--attendees-file', 'people.csv', '--fake'], { cwd: dir });
    expect(fromFile.code).toBe(0);
    const missing = await cli(['--no-input', 'order', 'place', eventId, '--ticket', `${ticketId}:1`]);
    expect(missing.code).toBe(2);
    const noFile = await cli(['order', 'place', eventId, '--ticket', `${ticketId}:1`, '--attendees-file', 'nosuch.csv'], { cwd: dir });
    expect(noFile.code).toBe(2);
  });

  it('catalog segments, categories and topics, and events search, list the catalogue', async () => {
    for (const argv of [
      ['catalog', 'segments', '--event-type', 'public'],
      ['catalog', 'categories'],
      ['catalog', 'topics'],
      ['events', 'search', '--price', 'paid'],
    ]) {
      const result = await cli(argv);
      expect(result.code, argv.join(' ')).toBe(0);
      expect(result.stdout, argv.join(' ')).not.toBe('');
    }
  });

  it('catalog and events search refuse bad values, and exit 3 without a Publisher API key', async () => {
    const segments = await cli(['catalog', 'segments', '--type', 'bogus']);
    expect(segments.code).toBe(2);
    const search = await cli(['events', 'search', '--price', 'bogus']);
    expect(search.code).toBe(2);
    const noKey = { env: { BOXOFFICE_PUBLISHER_KEY: undefined, BOXOFFICE_CONFIG_DIR: caseDir('no-key') } };
    for (const argv of [
      ['catalog', 'categories'],
      ['catalog', 'topics'],
    ]) {
      const result = await cli(argv, noKey);
      expect(result.code, argv.join(' ')).toBe(3);
    }
  });

  // --- sandbox and completion ------------------------------------------------------------------
  it('sandbox start serves on a free port with a --db file (or prints its secret) and stops on Ctrl-C; a bad --port exits 2', async () => {
    const dir = caseDir('sandbox-start');
    let address = '';
    const started = await cli(['sandbox', 'start', '--port', '0', '--db', join(dir, 'sandbox.db')], {
      onOutput: ({ stdout }, kill) => {
        const match = /listening on (http:\/\/\S+)/.exec(stdout);
        if (match && !address) {
          address = match[1];
          kill('SIGINT');
        }
      },
    });
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    expect(started.signal).toBeNull();
    expect(started.code).toBe(130);
    expect(existsSync(join(dir, 'sandbox.db'))).toBe(true);
    let secretLine = '';
    const printing = await cli(['sandbox', 'start', '--port', '0', '--db', ':memory:', '--print-secret'], {
      onOutput: ({ stdout }, kill) => {
        const match = /^BOXOFFICE_SANDBOX_SECRET=\S+$/m.exec(stdout);
        if (match && !secretLine) {
          secretLine = match[0];
          kill('SIGTERM');
        }
      },
    });
    expect(secretLine).not.toBe('');
    // SIGTERM is a clean stop (exit 0); Ctrl-C (SIGINT, above) says it was interrupted (130).
    expect(printing.signal).toBeNull();
    expect(printing.code).toBe(0);
    const badPort = await cli(['sandbox', 'start', '--port', 'abc', '--db', ':memory:']);
    expect(badPort.code).toBe(2);
  });

  it('sandbox token and seed work against the sandbox; bad values exit 2', async () => {
    const token = await cli(['sandbox', 'token', '--role', 'admin', '--url', e2e.sandbox.url]);
    expect(token.code).toBe(0);
    expect(token.stdout.trim()).not.toBe('');
    const seed = await cli(['sandbox', 'seed', '--events', '1', '--orders', '3', '--url', e2e.sandbox.url]);
    expect(seed.code).toBe(0);
    expect(seed.stdout.trim()).toMatch(/^\d+$/);
    const role = await cli(['sandbox', 'token', '--role', 'bogus']);
    expect(role.code).toBe(2);
    const events = await cli(['sandbox', 'seed', '--events', '0']);
    expect(events.code).toBe(2);
  });

  it('mcp serves until standard input closes, its attendee exports in --export-dir; a profile that does not exist exits 2', async () => {
    // The tools themselves are driven by an MCP client in test/mcp.
    const exports = join(caseDir('mcp'), 'exports');
    const served = await cli(['mcp', '--allow-writes', '--allow-attendee-rows', '--export-dir', exports], { stdin: '' });
    expect(served).toMatchObject({ code: 0, stdout: '' });
    expect(served.stderr).toBe(`boxoffice mcp: 15 tools for profile local, writes allowed; attendee exports go to ${exports}\n`);
    const missing = await cli(['--profile', 'nosuch', 'mcp']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error: no profile named nosuch /);
  });

  it("attendees sync --to writes a SQLite table and --check agrees; without --to it exits 2; another account's token exits 3", async () => {
    const dir = caseDir('sync');
    const admin = { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin };
    const synced = await cli(['attendees', 'sync', eventId, '--to', 'attendees.db'], { cwd: dir, env: admin });
    expect(synced.code).toBe(0);
    expect(synced.stderr).toMatch(/synced event \d+ → attendees\.db: \d+ added/);
    const check = await cli(['attendees', 'sync', eventId, '--to', 'attendees.db', '--check'], { cwd: dir, env: admin });
    expect(check.code).toBe(0);
    expect((await cli(['attendees', 'sync', eventId], { env: admin })).code).toBe(2);
    expect(
      (
        await cli(['attendees', 'sync', eventId, '--to', join(dir, 'stranger.db')], {
          env: { BOXOFFICE_TOKEN: e2e.sandbox.mintToken('organizer', 'e2e-sync-stranger@example.test') },
        })
      ).code,
    ).toBe(3);
  });

  it('checkin lets an attendee of the synced list in (exit 0), then says already in (exit 6); export writes the arrivals, undo takes the last back', async () => {
    const dir = caseDir('checkin');
    const admin = { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin };
    expect((await cli(['attendees', 'sync', eventId, '--to', 'door.db'], { cwd: dir, env: admin })).code).toBe(0);
    const [ticketNo] = e2e.sandbox.db
      .prepare(
        `SELECT a.ticket_no AS ticketNo FROM orders o JOIN attendees a ON a.order_id = o.id WHERE o.event_id = ? AND o.event_position IS NOT NULL AND a.status = 'attending' ORDER BY a.id`,
      )
      .all(Number(eventId))
      .map((row) => (row as { ticketNo: string }).ticketNo);
    const admitted = await cli(['checkin', eventId, ticketNo, '--db', 'door.db', '--door', 'north'], { cwd: dir });
    expect(admitted.code, admitted.stderr).toBe(0);
    expect(admitted.stdout).toContain(`ticket ${ticketNo}`);
    expect((await cli(['checkin', eventId, ticketNo, '--db', 'door.db', '--door', 'south'], { cwd: dir })).code).toBe(6);
    const exported = await cli(['checkin', 'export', eventId, '--db', 'door.db', '-o', 'arrivals.csv'], { cwd: dir });
    expect(exported.code, exported.stderr).toBe(0);
    expect(readFileSync(join(dir, 'arrivals.csv'), 'utf8')).toContain(`,north,`);
    expect((await cli(['checkin', 'export', eventId, '--db', 'door.db', '--output', 'arrivals.csv', '--force'], { cwd: dir })).code).toBe(0);
    expect((await cli(['checkin', 'export', eventId], { cwd: dir })).code).toBe(2);
    const undone = await cli(['checkin', 'undo', eventId, '--db', 'door.db', '--door', 'north'], { cwd: dir });
    expect(undone.code, undone.stderr).toBe(0);
    expect((await cli(['checkin', 'undo', eventId, '--db', 'door.db', '--door', 'north'], { cwd: dir })).code).toBe(1);
  });

  it('sandbox cancel-order, cancel-attendee, answer and remove-order change the attendee list; unknown ones exit 2', async () => {
    const tickets = e2e.sandbox.db
      .prepare(
        `SELECT o.order_no AS orderNo, a.ticket_no AS ticketNo FROM orders o JOIN attendees a ON a.order_id = o.id WHERE o.event_id = ? AND o.event_position IS NOT NULL ORDER BY o.event_position DESC`,
      )
      .all(Number(e2e.sandbox.seededEventIds[1])) as { orderNo: string; ticketNo: string }[];
    const url = ['--url', e2e.sandbox.url];
    expect((await cli(['sandbox', 'answer', tickets[0].ticketNo, 'T-shirt size', 'S', ...url])).code).toBe(0);
    expect((await cli(['sandbox', 'cancel-attendee', tickets[0].ticketNo, ...url])).code).toBe(0);
    expect((await cli(['sandbox', 'cancel-order', tickets[0].orderNo, ...url])).code).toBe(0);
    expect((await cli(['sandbox', 'remove-order', tickets[0].orderNo, ...url])).code).toBe(0);
    expect((await cli(['sandbox', 'remove-order', tickets[0].orderNo, ...url])).code).toBe(2);
    expect((await cli(['sandbox', 'cancel-order', 'NO-SUCH-ORDER', ...url])).code).toBe(2);
    expect((await cli(['sandbox', 'cancel-attendee', 'NO-SUCH-TICKET', ...url])).code).toBe(2);
    expect((await cli(['sandbox', 'answer', 'NO-SUCH-TICKET', 'Company', 'X', ...url])).code).toBe(2);
  });

  it('completion prints a script for bash, zsh and fish; an unknown shell exits 2', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) expect((await cli(['completion', shell])).code).toBe(0);
    const unknown = await cli(['completion', 'tcsh']);
    expect(unknown).toMatchObject({ code: 2, stderr: 'error: unknown shell "tcsh": expected bash, zsh or fish\n' });
  });
});

describe('coverage of the command tree', () => {
  it('ran every leaf command at least once with success and once with failure', () => {
    expect(leaves.length).toBeGreaterThan(25);
    const missing = leaves.flatMap((leaf) => {
      const codes = runs.filter((run) => run.leaf === leaf).map((run) => run.code);
      return [...(codes.includes(0) ? [] : [`${leaf}: no success`]), ...(codes.some((code) => code !== 0) ? [] : [`${leaf}: no failure`])];
    });
    expect(missing).toEqual([]);
  });

  // --help of every leaf, one process each: slow on a loaded machine.
  it('ran every flag that reads or writes a file or opens a browser', { timeout: 180_000 }, async () => {
    // A flag whose help names a file, a directory or a browser; found in each leaf's --help.
    const helps = await Promise.all(leaves.map(async (leaf) => ({ leaf, help: (await runBuilt([...leaf.split(' '), '--help'])).stdout })));
    const fileFlags = helps.flatMap(({ leaf, help }) =>
      [...help.matchAll(/^ {2}(?:(-\w), )?(--[\w-]+)(.*(?:\n {10,}.*)*)/gm)]
        .filter((match) => /\bfile\b|\bdirectory\b|browser/i.test(match[3]))
        .map((match) => ({ leaf, spellings: [match[1], match[2]].filter((flag): flag is string => flag !== undefined) })),
    );
    const named = fileFlags.map((entry) => `${entry.leaf} ${entry.spellings.join(' ')}`);
    expect(named).toEqual(expect.arrayContaining(['event create --from-file', 'login --no-browser', 'attendees export -o --output']));
    const unexercised = named.filter((_, index) => {
      const { leaf, spellings } = fileFlags[index];
      return !runs.some((run) => run.leaf === leaf && spellings.some((flag) => run.argv.includes(flag)));
    });
    expect(unexercised).toEqual([]);
  });
});
