// `boxoffice insights` beside `attendees export` and `report`, the built CLI against a sandbox:
// a refused attendee list gets the export's message; -o FILE follows the export's rules; the
// money figures are named and written one way, on a real terminal as a person reads them.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInTerminal, type TerminalSession } from '../helpers/terminal.js';
import { startE2e, type E2e } from './support/built-cli.js';

let e2e: E2e;
let eventId: string;

beforeAll(async () => {
  e2e = await startE2e();
  const seeded = await e2e.run(['sandbox', 'seed', '--orders', '40']);
  expect(seeded.code, seeded.stderr).toBe(0);
  eventId = seeded.stdout.trim().split('\n')[0];
}, 60_000);
afterAll(async () => e2e?.close());

/** Where nothing answers: a command that sent a request there would fail with a connection error, not exit 2. */
const UNREACHABLE = { BOXOFFICE_API_URL: 'http://127.0.0.1:9' };

async function onTerminal(argv: string[]): Promise<TerminalSession> {
  const session = runInTerminal(argv, { cwd: e2e.dir, columns: 120, rows: 60, env: e2e.env, timeoutMs: 60_000 });
  expect(await session.exit, session.text()).toBe(0);
  return session;
}

describe('insights (built CLI)', { timeout: 120_000 }, () => {
  it('with a token that may not read the attendee list, says what attendees export says', async () => {
    const other = await e2e.run(['sandbox', 'token', '--account', 'someone-else@example.test']);
    expect(other.code, other.stderr).toBe(0);
    const env = { BOXOFFICE_TOKEN: other.stdout.trim() };
    const insights = await e2e.run(['insights', eventId], { env });
    const exported = await e2e.run(['attendees', 'export', eventId], { env });
    expect(exported.code).toBe(3);
    expect(insights.code).toBe(3);
    const message = `error E008: event ${eventId} belongs to another account; its attendee list is read with that account's token (log in as it: boxoffice login)`;
    expect(exported.stderr.split('\n')[0]).toBe(message);
    expect(insights.stderr.split('\n')[0]).toBe(message);
    expect(insights.stderr).not.toContain('organizer account');
  });

  it('-o FILE: an existing file is replaced only with --force, as attendees export does; refused before any request', async () => {
    const page = join(e2e.dir, 'existing.html');
    writeFileSync(page, 'keep me');
    const refused = await e2e.run(['insights', eventId, '-o', page], { env: UNREACHABLE });
    const exportRefused = await e2e.run(['attendees', 'export', eventId, '-o', join(e2e.dir, 'existing.csv')], { env: UNREACHABLE });
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toBe(`error: --output ${page} exists; add --force to replace it, or choose another -o\n`);
    expect(readFileSync(page, 'utf8')).toBe('keep me');
    // the same rule, the same words (the export's file did not exist: its refusal is another one)
    writeFileSync(join(e2e.dir, 'existing.csv'), 'keep me');
    const exportExisting = await e2e.run(['attendees', 'export', eventId, '-o', join(e2e.dir, 'existing.csv')], { env: UNREACHABLE });
    expect(exportExisting.code).toBe(2);
    expect(exportExisting.stderr).toBe(refused.stderr.replace(page, join(e2e.dir, 'existing.csv')));
    expect(exportRefused.code).not.toBe(2);

    const forced = await e2e.run(['insights', eventId, '-o', page, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(page, 'utf8')).toMatch(/^<!doctype html>/i);
  });

  it('-o FILE: an extension that is not HTML, a directory, a missing directory are refused as the export refuses them', async () => {
    const wrong = await e2e.run(['insights', eventId, '-o', join(e2e.dir, 'report.csv')], { env: UNREACHABLE });
    expect(wrong).toMatchObject({ code: 2, stdout: '' });
    expect(wrong.stderr).toBe(
      `error: --output ${join(e2e.dir, 'report.csv')}: the extension .csv contradicts the format (html, the insights page); write to ${join(e2e.dir, 'report.html')}\n`,
    );
    expect(existsSync(join(e2e.dir, 'report.csv'))).toBe(false);
    const exportWrong = await e2e.run(['attendees', 'export', eventId, '-o', join(e2e.dir, 'rows.xlsx')], { env: UNREACHABLE });
    expect(exportWrong.stderr).toMatch(
      /^error: --output \S+rows\.xlsx: the extension \.xlsx contradicts the format \(csv, the default\); write to \S+rows\.csv, or choose/,
    );

    const directory = join(e2e.dir, 'pages');
    mkdirSync(directory);
    const intoDirectory = await e2e.run(['insights', eventId, '-o', directory], { env: UNREACHABLE });
    expect(intoDirectory.code).toBe(2);
    expect(intoDirectory.stderr).toContain(`--output ${directory} is a directory; name a file in it`);
    const missing = await e2e.run(['insights', eventId, '-o', join(e2e.dir, 'nowhere', 'page.html')], { env: UNREACHABLE });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`the directory ${join(e2e.dir, 'nowhere')} does not exist; create it first`);
    // .htm and no extension at all are HTML enough
    for (const name of ['page.htm', 'page']) {
      const written = await e2e.run(['insights', eventId, '-o', join(e2e.dir, name)]);
      expect(written.code, written.stderr).toBe(0);
    }
  });

  it('names its money figures, and writes amounts as report does: "552,000.00 INR"', async () => {
    const report = JSON.parse((await e2e.run(['--json', 'report', eventId])).stdout) as { amount: number; platformFee: number };
    const figures = JSON.parse((await e2e.run(['insights', eventId])).stdout) as {
      totals: { revenue: number };
      sales: { ticketSales: number; platformFee: number };
    };
    expect(figures.sales).toMatchObject({ ticketSales: report.amount, platformFee: report.platformFee });
    // buyers paid the ticket sales, the platform fee and more (tax, other fees)
    expect(figures.totals.revenue).toBeGreaterThanOrEqual(report.amount + report.platformFee);

    const money = (amount: number) => `${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} INR`;
    const insights = (await onTerminal(['insights', eventId])).text();
    expect(insights).toMatch(new RegExp(`\\n {2}paid by buyers {2}${money(figures.totals.revenue).replace('.', '\\.')} \\(fees and tax included\\)\\n`));
    expect(insights).toMatch(new RegExp(`\\n {2}ticket sales {4}${money(report.amount).replace('.', '\\.')} \\(after discounts, before fees and tax\\)\\n`));
    expect(insights).toMatch(/\n {2}General +█[^\n]* · [\d,]+\.\d\d INR · \d+\.\d% of [\d,]+\n/);
    expect(insights).not.toMatch(/revenue/i);

    const table = (await onTerminal(['report', eventId])).text();
    expect(table).toMatch(/Ticket sales|ticket sales/);
    expect(table).toMatch(new RegExp(`\\ntotal .*${money(report.amount).replace('.', '\\.')}\\n`));
    expect(table).toContain('ticket sales: what the tickets sold for after discounts, fees and tax excluded');
    expect(table).toContain('platform fee: what buyers paid the platform on top of the ticket price');
    expect(table).not.toMatch(/\bamount\b/i);
  });
});
