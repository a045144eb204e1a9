// The sandbox as a rehearsal of the live service: `--quirks` serves what public code shows of it
// and reads requests as the service's own PHP library builds them, while the default mode keeps
// the reference's strict values and codes. The built CLI (build first) works against both.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvRecords } from '../helpers/csv.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, SANDBOX_PASSWORD, ORGANIZER_EMAIL } from '../../src/sandbox/fixtures.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { authorizeFormToken } from '../helpers/authorize.js';
import { eventFlags } from '../cli/support/harness.js';

const REPO = new URL('../../', import.meta.url).pathname;

function runBuilt(argv: string[], env: Record<string, string | undefined>): Promise<{ code: number; stdout: string; stderr: string }> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('BOXOFFICE_') && name !== 'CI'));
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['bin/boxoffice.js', ...argv],
      { cwd: REPO, env: { ...inherited, CI: 'true', ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
    child.stdin?.end();
  });
}

let quirky: TestSandbox;
let strict: TestSandbox;
let dir: string;

beforeAll(async () => {
  [quirky, strict] = await Promise.all([startTestSandbox({ quirks: true }), startTestSandbox()]);
  dir = mkdtempSync(join(tmpdir(), 'boxoffice-quirks-'));
});
afterAll(async () => {
  await Promise.all([quirky.close(), strict.close()]);
  rmSync(dir, { recursive: true, force: true });
});

function envFor(sandbox: TestSandbox, token = sandbox.tokens.organizer): Record<string, string> {
  return {
    BOXOFFICE_CONFIG_DIR: join(dir, sandbox === quirky ? 'config-quirks' : 'config-strict'),
    BOXOFFICE_API_URL: sandbox.url,
    BOXOFFICE_PUBLISHER_URL: sandbox.url,
    BOXOFFICE_AUTH_URL: sandbox.url,
    BOXOFFICE_TOKEN: token,
    BOXOFFICE_PUBLISHER_KEY: sandbox.tokens.publisher,
  };
}

async function raw(sandbox: TestSandbox, path: string, body: string | FormData | undefined, headers: Record<string, string> = {}) {
  const response = await fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${sandbox.tokens.organizer}`, ...headers }, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function createEvent(sandbox: TestSandbox): Promise<string> {
  const created = await runBuilt(['event', 'create', ...eventFlags()], envFor(sandbox));
  expect(created.stderr).toBe('');
  return created.stdout.trim();
}

/** add-ticket as the service's PHP library builds it: by hand, a leading &, nothing encoded, empty optional fields. */
function libraryTicketBody(eventId: string, allowCancellation: string): string {
  return (
    `&eventId=${eventId}&ticketName=Early Bird: 2 for 1&ticketDescription=&price=100&currency=INR&quantity=10&status=published` +
    `&startDate=&startTime=&endDate=&endTime=&minQuantity=&maxQuantity=&serviceFee=1&allowCancellation=${allowCancellation}`
  );
}

const URLENCODED = { 'content-type': 'application/x-www-form-urlencoded' };

/** A multipart body whose header names an empty boundary, the real one only in the body. */
function emptyBoundaryMultipart(fields: Record<string, string>): { body: string; headers: Record<string, string> } {
  const boundary = 'PhpLibBoundary42';
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { body: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': 'multipart/form-data; boundary=' } };
}

describe("requests as the service's own library builds them", () => {
  it('--quirks reads a hand-built add-ticket with status=published and allowCancellation 1 or empty', async () => {
    const eventId = await createEvent(quirky);
    expect(eventId).toMatch(/^E[A-Z]{5}$/);
    for (const allow of ['1', '']) {
      const answer = await raw(quirky, '/api/e/add-ticket', libraryTicketBody(eventId, allow), URLENCODED);
      expect(answer.body).toMatchObject({ status: 'success', message: 'S003', ticketId: expect.stringMatching(/^T[A-Z]{5}$/) });
    }
    const tickets = await runBuilt(['--json', 'ticket', 'list', eventId], envFor(quirky));
    const listed = JSON.parse(tickets.stdout).tickets as { typeName: string; status: string; allowCancel: unknown }[];
    expect(listed.map((ticket) => [ticket.typeName, ticket.status])).toEqual([
      ['Early Bird: 2 for 1', 'active'],
      ['Early Bird: 2 for 1', 'active'],
    ]);
    expect(listed.map((ticket) => ticket.allowCancel)).toEqual([true, false]);
  }, 90_000);

  it("the default mode answers the same requests with the reference's codes", async () => {
    const eventId = await createEvent(strict);
    const published = await raw(strict, '/api/e/add-ticket', libraryTicketBody(eventId, 'true'), URLENCODED);
    expect(published).toMatchObject({ status: 400, body: { status: 'error', message: 'E002', field: 'status' } });
    const one = await raw(strict, '/api/e/add-ticket', libraryTicketBody(eventId, '1').replace('status=published', 'status=active'), URLENCODED);
    expect(one).toMatchObject({ status: 400, body: { message: 'E002', field: 'allowCancellation' } });
    // The hand-built encoding itself is read in every mode.
    const fine = await raw(strict, '/api/e/add-ticket', libraryTicketBody(eventId, 'true').replace('status=published', 'status=active'), URLENCODED);
    expect(fine.body).toMatchObject({ status: 'success', ticketId: expect.stringMatching(/^\d+$/) });
  });

  it('--quirks reads a multipart body whose header has an empty boundary; the default mode refuses it with E002', async () => {
    const quirkyEvent = await createEvent(quirky);
    const request = emptyBoundaryMultipart({ eventId: quirkyEvent });
    const answer = await raw(quirky, '/api/e/get-event', request.body, request.headers);
    expect(answer.body).toMatchObject({ status: 'success', event: { name: 'Spring Gala', eventId: quirkyEvent } });
    const strictEvent = await createEvent(strict);
    const refused = await raw(strict, '/api/e/get-event', emptyBoundaryMultipart({ eventId: strictEvent }).body, {
      'content-type': 'multipart/form-data; boundary=',
    });
    expect(refused).toMatchObject({ status: 400, body: { message: 'E002' } });
  });

  it('--quirks takes the OAuth token request urlencoded and as empty-boundary multipart', async () => {
    // The CLI's application must use PKCE, and the form posts back its page's csrf_token.
    const verifier = 'quirks-verifier-'.padEnd(43, 'v');
    const params = {
      response_type: 'code',
      client_id: SANDBOX_CLIENT_ID,
      state: 'quirks-state',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    };
    const code = async (): Promise<string> => {
      const csrf_token = await authorizeFormToken(quirky.url, params);
      const consent = new URLSearchParams({ ...params, email: ORGANIZER_EMAIL, password: SANDBOX_PASSWORD, decision: 'allow', csrf_token });
      const response = await fetch(`${quirky.url}/a/account/oauth/authorize`, { method: 'POST', body: consent, redirect: 'manual' });
      return new URL(response.headers.get('location') ?? '').searchParams.get('code') ?? '';
    };
    const fields = async () => ({
      client_id: SANDBOX_CLIENT_ID,
      client_secret: SANDBOX_CLIENT_SECRET,
      grant_type: 'authorization_code',
      code: await code(),
      code_verifier: verifier,
    });
    const urlencoded = await fetch(`${quirky.url}/a/account/oauth/token`, { method: 'POST', body: new URLSearchParams(await fields()) });
    expect(await urlencoded.json()).toMatchObject({ access_token: expect.any(String) });
    const multipart = emptyBoundaryMultipart(await fields());
    const answer = await fetch(`${quirky.url}/a/account/oauth/token`, { method: 'POST', headers: multipart.headers, body: multipart.body });
    expect(await answer.json()).toMatchObject({ access_token: expect.any(String) });
  });

  it('--quirks answers the buyer side\'s errors as {success: "fail"} with HTTP 200 (a code id is not the buyer side\'s)', async () => {
    const eventId = await createEvent(quirky);
    const response = await fetch(`${quirky.url}/publisher/event-details?eventId=${eventId}`, {
      headers: { authorization: `Bearer ${quirky.tokens.publisher}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: 'fail', message: `invalid event id: ${eventId}` });
  });
});

describe('the built CLI against a --quirks sandbox (code-form ids)', () => {
  it('creates, lists, updates, buys and exports with codes; the buyer commands map them to numbers', async () => {
    const env = envFor(quirky);
    const eventId = await createEvent(quirky);
    const ticket = await runBuilt(
      [
        'ticket',
        'add',
        eventId,
        '--ticket-name',
        'General',
        '--price',
        '250',
        '--currency',
        'INR',
        '--quantity',
        '40',
        '--status',
        'published',
        '--service-fee',
        '1',
        '--allow-cancellation',
        'true',
        '--end-date',
        '2030-04-30',
        '--end-time',
        '20:00',
      ],
      env,
    );
    expect(ticket.stderr).toBe('');
    const ticketId = ticket.stdout.trim();
    expect(ticketId).toMatch(/^T[A-Z]{5}$/);

    const events = await runBuilt(['event', 'list'], env);
    const row = events.stdout.split('\n').find((line) => line.startsWith(`${eventId}\t`)) ?? '';
    expect(row.split('\t')[1]).toMatch(/^\d+$/);
    const numericEvent = row.split('\t')[1];

    const tickets = await runBuilt(['ticket', 'list', eventId], env);
    const [code, numericTicket, name, , , , status] = tickets.stdout.trim().split('\t');
    expect([code, name, status]).toEqual([ticketId, 'General', 'published']);
    expect(numericTicket).toMatch(/^\d+$/);

    expect(await runBuilt(['ticket', 'update', eventId, ticketId, '--quantity', '45', '--status', 'active', '--service-fee', '1'], env)).toEqual({
      code: 0,
      stdout: `${ticketId}\n`,
      stderr: '',
    });
    const discount = await runBuilt(['discount', 'add', eventId, ticketId, '--discount-category', 'flat', '--discount', '10', '--discount-type', 'fixed'], env);
    expect(discount.stdout.trim()).toMatch(/^D[A-Z]{5}$/);
    expect((await runBuilt(['discount', 'update', eventId, discount.stdout.trim(), '--discount', '12'], env)).code).toBe(0);

    const details = await runBuilt(['--json', 'event', 'details', eventId], env);
    expect(details.stderr).toBe('');
    expect(String(JSON.parse(details.stdout).eventDetails.events.id)).toBe(numericEvent);

    const order = await runBuilt(['--json', 'order', 'place', eventId, '--ticket', `${ticketId}:2`, '--fake'], env);
    expect(order.stderr).toMatch(/^order \S+: generated; its tickets are held until it is confirmed\n$/);
    expect(order.code).toBe(0);
    expect(JSON.parse(order.stdout)).toMatchObject({ eventId: numericEvent, confirmOrder: { orderStatus: 'confirm' } });

    const file = join(dir, 'quirks-export.csv');
    const exported = await runBuilt(['attendees', 'export', eventId, '--status', 'attending', '-o', file], envFor(quirky, quirky.tokens.admin));
    expect(exported.code).toBe(0);
    const rows = csvRecords(readFileSync(file, 'utf8'));
    expect(rows).toHaveLength(2);
    expect(rows.every((attendee) => attendee.attendeeStatus === 'attending')).toBe(true);
  }, 180_000);
});

describe("the built CLI against the default sandbox (the reference's words on the wire)", () => {
  it('ticket add --status published is sent as active; ticket update --status active as published; the list shows published', async () => {
    const env = envFor(strict);
    const eventId = await createEvent(strict);
    const ticket = await runBuilt(
      [
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
        'published',
        '--service-fee',
        '1',
        '--allow-cancellation',
        'false',
      ],
      env,
    );
    expect(ticket).toMatchObject({ code: 0, stderr: '' });
    const ticketId = ticket.stdout.trim();
    expect((await runBuilt(['ticket', 'update', eventId, ticketId, '--status', 'active'], env)).code).toBe(0);
    const list = await runBuilt(['ticket', 'list', eventId], env);
    expect(list.stdout.split('\t').slice(0, 6)).toEqual([ticketId, 'General', '0', 'INR', '10', 'published']);
    expect((await runBuilt(['event', 'list'], env)).stdout.split('\n')[0].split('\t')[1]).not.toMatch(/^\d+$/);
  }, 90_000);
});
