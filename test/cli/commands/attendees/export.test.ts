// `boxoffice attendees export` in-process against the fixture E11 server: flags, formats,
// keyed responses, rate-limit waits and exit 4, interruption, --json summary.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../../../helpers/cli.js';
import { answerPrompts } from '../../support/answer-prompts.js';
import { fakeClock, makeOrders } from '../../../export/fixtures.js';
import { startFixtureServer, type FixtureServer, type FixtureServerOptions } from '../../../export/fixture-server.js';
import { registerAttendeesExport } from '../../../../src/cli/commands/attendees/export.js';
import { parseVerb, verbAt } from '../../support/verb.js';

let dir: string;
let server: FixtureServer | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'export-command-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function start(options: FixtureServerOptions): Promise<FixtureServer> {
  server = await startFixtureServer(options);
  return server;
}

function cli(argv: string[], url: string, extra: Parameters<typeof runInProcess>[1] = {}) {
  return runInProcess(argv, {
    clock: fakeClock(),
    ...extra,
    env: {
      BOXOFFICE_CONFIG_DIR: join(dir, 'config'),
      BOXOFFICE_API_URL: url,
      BOXOFFICE_PUBLISHER_URL: url,
      BOXOFFICE_AUTH_URL: url,
      BOXOFFICE_TOKEN: 'fixture-admin-token',
      ...extra.env,
    },
  });
}

describe('attendees export (command, fixture server)', () => {
  it('refuses bad flags with exit 2 before sending anything', async () => {
    const fixture = await start({ orders: makeOrders(5), semantics: 'one-based-inclusive' });
    const noFile = await cli(['attendees', 'export', '42', '--resume'], fixture.url);
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toMatch(/--resume: needs -o FILE/);
    const badWait = await cli(['attendees', 'export', '42', '-o', join(dir, 'x.csv'), '--max-wait', 'forever'], fixture.url);
    expect(badWait.code).toBe(2);
    expect(badWait.stderr).toMatch(/--max-wait: "forever" is not a duration/);
    const badFormat = await cli(['attendees', 'export', '42', '--format', 'xlsx'], fixture.url);
    expect(badFormat.code).toBe(2);
    const noDirectory = await cli(['attendees', 'export', '42', '-o', join(dir, 'missing', 'x.csv')], fixture.url);
    expect(noDirectory.code).toBe(2);
    expect(noDirectory.stderr).toMatch(/--output: the directory .*missing does not exist/);
    expect(fixture.calls).toEqual([]);
  });

  it('on a terminal, asks before replacing an existing -o FILE: no keeps it (exit 1, nothing sent), yes replaces it', async () => {
    const fixture = await start({ orders: makeOrders(3), semantics: 'one-based-inclusive' });
    const output = join(dir, 'existing.csv');
    await writeFile(output, 'keep me\n');
    const ask = (answer: string) =>
      cli(['attendees', 'export', '42', '-o', output], fixture.url, {
        stdinIsTTY: true,
        stderrIsTTY: true,
        keepStdinOpen: true,
        onStart: ({ stdin, stderr }) => void answerPrompts(stderr, stdin, [{ when: 'Replace it?', type: answer }]),
      });
    const declined = await ask('n\r');
    expect(declined.code).toBe(1);
    expect(declined.stderr).toContain(`${output} exists. Replace it?`);
    expect(await readFile(output, 'utf8')).toBe('keep me\n');
    expect(fixture.calls).toEqual([]);
    const accepted = await ask('y\r');
    expect(accepted.code).toBe(0);
    expect(await readFile(output, 'utf8')).toMatch(/^orderNo,/);
  });

  it('gives the same file from a 1-based server and from a 0-based server that keys `attendee` by position', async () => {
    const orders = makeOrders(140, { lateLabelAt: 139, hostileAt: 4 });
    const plain = await start({ orders, semantics: 'one-based-inclusive' });
    const first = await cli(['attendees', 'export', '42', '-o', join(dir, 'a.csv'), '--prefetch', '0'], plain.url);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe('');
    expect(first.stderr).toMatch(/exported \d+ attendees from 140 orders \(the service sent 1 order on two pages; it is in the export once\) in \d+m?s/);
    expect(plain.calls.map((call) => call.fromRecord)).toEqual([0, 50, 100, 150]);
    await plain.close();

    const keyed = await start({ orders, semantics: 'zero-based-offset', keyed: true });
    const second = await cli(['attendees', 'export', '42', '-o', join(dir, 'b.csv')], keyed.url);
    expect(second.code).toBe(0);
    expect(await readFile(join(dir, 'b.csv'), 'utf8')).toBe(await readFile(join(dir, 'a.csv'), 'utf8'));
    expect((await readFile(join(dir, 'a.csv'), 'utf8')).split('\n')[0]).toMatch(/,Wheelchair access$/);
  });

  it('writes rows to stdout without -o, and only the summary under --json with -o', async () => {
    const orders = makeOrders(20);
    const attendees = orders.reduce((sum, order) => sum + order.attendee.length, 0);
    const fixture = await start({ orders, semantics: 'one-based-inclusive' });
    const piped = await cli(['attendees', 'export', '42', '--format', 'ndjson'], fixture.url);
    expect(piped.code).toBe(0);
    const lines = piped.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, string>);
    expect(lines).toHaveLength(attendees);
    expect(lines[0]).toMatchObject({ orderNo: 'ORD000001', purchaseDate: '2026-01-01 10:00:00', attendeeStatus: 'attending' });
    expect(piped.stderr).toMatch(new RegExp(`^exported ${attendees} attendees from 20 orders`));

    const file = join(dir, 'summary.json');
    const json = await cli(['--json', 'attendees', 'export', '42', '-o', file], fixture.url);
    expect(json.code).toBe(0);
    const summary = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(summary).toMatchObject({ status: 'success', format: 'json', file, orders: 20, attendees, batches: 1 });
    expect(JSON.parse(await readFile(file, 'utf8'))).toHaveLength(attendees);
  });

  it('draws a progress line on a terminal only, and clears it before the summary', async () => {
    const fixture = await start({ orders: makeOrders(120), semantics: 'one-based-inclusive' });
    const onTerminal = await cli(['attendees', 'export', '42', '-o', join(dir, 'tty.csv')], fixture.url, { stderrIsTTY: true });
    expect(onTerminal.code).toBe(0);
    expect(onTerminal.stderr).toMatch(/\r\x1b\[Kexporting 50 orders · \d+ orders\/s/);
    expect(onTerminal.stderr).not.toMatch(/\b1 (orders|batches)\b/);
    expect(onTerminal.stderr).toMatch(/\r\x1b\[Kexported /);
    const piped = await cli(['attendees', 'export', '42', '-o', join(dir, 'piped.csv')], fixture.url);
    expect(piped.stderr).not.toContain('\r');
    expect(piped.stderr).not.toContain('orders/s');
  });

  it('waits out E023 as long as --max-wait allows, saying for what and how long', async () => {
    const orders = makeOrders(160);
    let refusals = 0;
    const fixture = await start({
      orders,
      semantics: 'zero-based-offset',
      refuse: (fromRecord) => (fromRecord === 100 && refusals++ < 1 ? 300 : undefined),
    });
    const clock = fakeClock();
    const run = await cli(['attendees', 'export', '42', '-o', join(dir, 'waited.csv'), '--max-wait', '10m'], fixture.url, { clock });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/rate limited \(E023: too many requests\); waiting 5m before retrying get the attendee list \(--max-wait 10m\)/);
    // One wait for the one refusal: one notice, one sleep.
    expect(run.stderr.match(/waiting/g)).toHaveLength(1);
    expect(clock.slept).toEqual([300_000]);
  });

  it('exits 4 with the checkpoint kept when the limit outlasts --max-wait, and --resume finishes the same file', async () => {
    const orders = makeOrders(160, { lateLabelAt: 150 });
    const reference = await start({ orders, semantics: 'one-based-inclusive' });
    await cli(['attendees', 'export', '42', '-o', join(dir, 'reference.csv')], reference.url);
    await reference.close();

    let limited = true;
    const fixture = await start({
      orders,
      semantics: 'one-based-inclusive',
      refuse: (fromRecord) => (limited && fromRecord >= 100 ? 3600 : undefined),
    });
    const file = join(dir, 'limited.csv');
    const stopped = await cli(['attendees', 'export', '42', '-o', file, '--max-wait', '90s'], fixture.url);
    expect(stopped.code).toBe(4);
    expect(stopped.stderr).toMatch(/error E023: too many requests; still refused after waiting 0s of --max-wait 1m30s; retry after .+ UTC \(in 1h\)/);
    expect(stopped.stderr).toContain(`boxoffice attendees export 42 -o ${file} --format csv --resume`);
    expect(stopped.stderr).toMatch(/error E023/);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.checkpoint.json`)).toBe(true);

    limited = false;
    fixture.calls.length = 0;
    const resumed = await cli(['attendees', 'export', '42', '-o', file, '--format', 'csv', '--resume'], fixture.url);
    expect(resumed.code).toBe(0);
    expect(fixture.calls[0].fromRecord).toBe(100);
    expect(await readFile(file, 'utf8')).toBe(await readFile(join(dir, 'reference.csv'), 'utf8'));
    expect(existsSync(`${file}.checkpoint.json`)).toBe(false);
  });

  it('leaves no file on Ctrl-C (exit 130) and says how to resume', async () => {
    const controller = new AbortController();
    const fixture = await start({
      orders: makeOrders(200),
      semantics: 'one-based-inclusive',
      refuse: (fromRecord) => {
        if (fromRecord === 100) controller.abort(new Error('interrupted'));
        return undefined;
      },
    });
    const file = join(dir, 'interrupted.ndjson');
    const run = await cli(['attendees', 'export', '42', '-o', file], fixture.url, { signal: controller.signal });
    expect(run.code).toBe(130);
    expect(run.stderr).toMatch(/interrupted; nothing was written to .*interrupted\.ndjson/);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.partial`)).toBe(false);
    expect(existsSync(`${file}.checkpoint.json`)).toBe(true);
  });
});

describe('attendees export: flags → options', () => {
  const verb = verbAt('attendees export', registerAttendeesExport);

  it('defaults: CSV on stdout, no resume, no force, every status, 10 minutes of waiting, 2 batches ahead', async () => {
    const parsed = await parseVerb(verb, ['attendees', 'export', '12']);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.runs).toEqual([
      { eventId: '12', output: undefined, destination: undefined, format: 'csv', resume: false, force: false, maxWaitMs: 600_000, prefetch: 2, statuses: [] },
    ]);
  });

  it('reads every flag; --json without -o makes the format json', async () => {
    const parsed = await parseVerb(verb, [
      'attendees',
      'export',
      '12',
      '-o',
      'out.ndjson',
      '--format',
      'ndjson',
      '--force',
      '--resume',
      '--max-wait',
      '90s',
      '--prefetch',
      '0',
      '--status',
      'attending,cancelled',
      '--status',
      'attending',
    ]);
    expect(parsed.runs).toEqual([
      expect.objectContaining({
        eventId: '12',
        output: 'out.ndjson',
        destination: 'new',
        format: 'ndjson',
        resume: true,
        force: true,
        maxWaitMs: 90_000,
        prefetch: 0,
        statuses: ['attending', 'cancelled', 'attending'],
      }),
    ]);
    const json = await parseVerb(verb, ['--json', 'attendees', 'export', '12']);
    expect(json.runs).toEqual([expect.objectContaining({ format: 'json', output: undefined })]);
  });

  it.each([
    [['attendees', 'export', '12', '--format', 'xml'], '--format'],
    [['attendees', 'export', '12', '--resume'], '--resume'],
    [['attendees', 'export', '12', '--prefetch', '9'], '--prefetch'],
    [['attendees', 'export', '12', '--status', 'gone'], '--status'],
    [['attendees', 'export', '12', '--max-wait', 'later'], '--max-wait'],
    [['attendees', 'export', '12', '-o', 'out.csv', '--format', 'json'], 'out.csv'],
    [['--json', 'attendees', 'export', '12', '--format', 'csv'], '--format'],
    [['attendees', 'export', 'abc'], 'EVENT_ID'],
  ])('refuses %j with exit 2, naming %s, before running', async (argv, named) => {
    const parsed = await parseVerb(verb, argv);
    expect(parsed).toMatchObject({ code: 2, runs: [] });
    expect(parsed.stderr).toContain(named);
  });
});
