// The built CLI as a process (`node bin/boxoffice.js`, bundle from `node scripts/build.mjs`):
// real stdio (piped), real exit codes, the environment as CI would set it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventFlags, startHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

describe('as a process', () => {
  it('creates an event, adds a ticket and a discount, lists and reports, with BOXOFFICE_TOKEN as in CI', async () => {
    const created = await h.runProcess(['event', 'create', ...eventFlags({ 'event-title': 'Process Gala' })], { env: { CI: 'true' } });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const eventId = created.stdout.trim();
    expect(eventId).toMatch(/^\d+$/);

    const ticket = await h.runProcess([
      '--json',
      'ticket',
      'add',
      eventId,
      '--ticket-name',
      'General',
      '--price',
      '0',
      '--currency',
      'INR',
      '--quantity',
      '10',
      '--status',
      'active',
      '--service-fee',
      '1',
      '--allow-cancellation',
      'true',
      '--end-date',
      '2030-04-30',
      '--end-time',
      '20:00',
    ]);
    expect(ticket.code).toBe(0);
    const { ticketId } = JSON.parse(ticket.stdout) as { ticketId: string };

    const discount = await h.runProcess(['discount', 'add', eventId, ticketId, '--discount-category', 'flat', '--discount', '5', '--discount-type', 'fixed']);
    expect(discount.code).toBe(0);
    const update = await h.runProcess(['discount', 'update', eventId, discount.stdout.trim(), '--discount', '7']);
    expect(update).toEqual({ code: 0, stdout: `${discount.stdout.trim()}\n`, stderr: '' });

    const list = await h.runProcess(['event', 'list']);
    expect(list.stdout).toContain(`${eventId}\tProcess Gala\t`);
    const tickets = await h.runProcess(['ticket', 'list', eventId]);
    expect(tickets.stdout.startsWith(`${ticketId}\tGeneral\t0\tINR\t10\tpublished\t`)).toBe(true);
    const report = await h.runProcess(['report', eventId]);
    expect(report.stdout).toBe(`${ticketId}\tGeneral\t0\t0\t0\t0\ntotal\t\t0\t0\t0\t0\n`);
    // The token came from the environment: what was sent (for later updates) is all that is kept.
    expect(statSync(join(h.configDir, 'sent.json')).mode & 0o777).toBe(0o600);
  });

  it('creates an event from a YAML --from-file (yaml loaded from its own chunk of the bundle)', async () => {
    const file = join(h.configDir, 'gala.yaml');
    const values = eventFlags({ 'event-title': 'YAML Gala' });
    const yaml = [];
    for (let index = 0; index < values.length; index += 2) {
      const key = values[index]!.slice(2).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
      yaml.push(`${key}: ${JSON.stringify(values[index + 1])}`);
    }
    writeFileSync(file, `${yaml.join('\n')}\n`);
    const created = await h.runProcess(['event', 'create', '--from-file', file], { env: { CI: 'true' } });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const shown = await h.runProcess(['event', 'get', created.stdout.trim()]);
    expect(shown.stdout).toContain('YAML Gala');
  });

  it('exits 2 for a missing required value under CI=true, naming every flag', async () => {
    const result = await h.runProcess(['ticket', 'add', '1', '--ticket-name', 'x'], { env: { CI: 'true' } });
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: missing required flags: --price, --currency, --quantity, --status, --service-fee, --allow-cancellation\n',
    });
  });

  it('exits 3 without a token, and 0 for auth status with one', async () => {
    const none = await h.runProcess(['event', 'list'], { env: { BOXOFFICE_TOKEN: undefined } });
    expect(none.code).toBe(3);
    expect(none.stderr).toContain('run boxoffice login');
    const status = await h.runProcess(['--json', 'auth', 'status']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ profile: 'local', tokenSource: 'env' });
  });

  it('stores a token piped to login --with-token and uses it', async () => {
    const env = { BOXOFFICE_TOKEN: undefined };
    const login = await h.runProcess(['login', '--with-token'], { env, stdin: `${h.sandbox.mintToken('organizer')}\n` });
    expect(login.code).toBe(0);
    expect((await h.runProcess(['event', 'list'], { env })).code).toBe(0);
    expect((await h.runProcess(['logout'], { env })).code).toBe(0);
  });

  it('prints a completion script', async () => {
    const result = await h.runProcess(['completion', 'bash']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('complete -o default -F _boxoffice boxoffice');
  });
});
