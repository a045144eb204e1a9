import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSentStore } from '../../src/session/config/sent.js';
import { openConfigStore } from '../../src/session/config/store.js';
import { EARLY_BIRD_TICKET } from './support/ticket-harness.js';
import { eventFlags, startHarness } from './support/harness.js';
import { ORGANIZER_BOOKING_KEY, SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../src/sandbox/fixtures.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'boxoffice-config-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('the profile store', () => {
  it('starts with the local preset pointing at the built-in sandbox, the live preset at the live service addresses, and an empty sandbox profile', async () => {
    const store = await openConfigStore({ BOXOFFICE_CONFIG_DIR: dir });
    expect(store.getProfile('local')).toEqual({
      apiUrl: 'http://127.0.0.1:4010',
      publisherUrl: 'http://127.0.0.1:4010',
      authUrl: 'http://127.0.0.1:4010',
      clientId: SANDBOX_CLIENT_ID,
      clientSecret: SANDBOX_CLIENT_SECRET,
      bookingKey: ORGANIZER_BOOKING_KEY,
    });
    expect(store.getProfile('live')).toEqual({
      apiUrl: 'https://www.explara.com',
      publisherUrl: 'https://www.explara.com/api',
      authUrl: 'https://www.explara.com',
    });
    expect(store.getProfile('sandbox')).toEqual({});
    expect(store.profileNames()).toEqual(['local', 'live', 'sandbox']);
    expect(store.hasProfile('staging')).toBe(false);
  });

  it('writes the file with mode 0600, keeps stored values over presets, and removes a key given as undefined', async () => {
    const store = await openConfigStore({ BOXOFFICE_CONFIG_DIR: dir });
    await store.updateProfile('local', { apiUrl: 'http://127.0.0.1:5000', token: 'tok-123456' });
    expect(store.path).toBe(join(dir, 'config.json'));
    expect(modeOf(store.path)).toBe(0o600);
    const reopened = await openConfigStore({ BOXOFFICE_CONFIG_DIR: dir });
    expect(reopened.getProfile('local').apiUrl).toBe('http://127.0.0.1:5000');
    expect(reopened.getProfile('local').token).toBe('tok-123456');
    await reopened.updateProfile('local', { apiUrl: undefined, token: undefined });
    expect(reopened.getProfile('local').apiUrl).toBe('http://127.0.0.1:4010');
    expect(reopened.getProfile('local').token).toBeUndefined();
    await reopened.updateProfile('staging', { apiUrl: 'https://staging.example' });
    expect(reopened.profileNames()).toEqual(['local', 'live', 'sandbox', 'staging']);
  });

  it('tightens an existing file that others can read', async () => {
    const path = join(dir, 'config.json');
    writeFileSync(path, JSON.stringify({ profiles: { live: { token: 'old-token-abc' } } }), { mode: 0o644 });
    chmodSync(path, 0o644);
    const store = await openConfigStore({ BOXOFFICE_CONFIG_DIR: dir });
    expect(modeOf(path)).toBe(0o600);
    expect(store.getProfile('live').token).toBe('old-token-abc');
  });

  it('remembers what was sent for a record in sent.json (0600), apart from the profiles, merging later sends over earlier ones', async () => {
    const store = await openConfigStore({ BOXOFFICE_CONFIG_DIR: dir });
    await store.updateProfile('local', { token: 'tok-123456' });
    const sent = await openSentStore(store, 'local');
    expect(sent.recall('discounts', '12', '34')).toBeUndefined();
    await sent.remember('discounts', '12', '34', { discountCategory: 'code', code: 'EARLY', discount: 10 });
    await sent.remember('discounts', '12', '34', { discount: 15 });
    expect(sent.recall('discounts', '12', '34')).toEqual({ discountCategory: 'code', code: 'EARLY', discount: 15 });
    expect(sent.recall('tickets', '12', '34')).toBeUndefined();
    expect((await openSentStore(await openConfigStore({ BOXOFFICE_CONFIG_DIR: dir }), 'live')).recall('discounts', '12', '34')).toBeUndefined();
    const path = join(dir, 'sent.json');
    expect(modeOf(path)).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8')).profiles.local.discounts['12:34'].code).toBe('EARLY');
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual({ profiles: { local: { token: 'tok-123456' } } });
  });

  it('keeps the record of each of 8 `ticket add` run at once by the built CLI (sent.json is read and written under its lock)', {
    timeout: 120_000,
  }, async () => {
    const h = await startHarness();
    try {
      const eventId = (await h.runProcess(['event', 'create', ...eventFlags()])).stdout.trim();
      const runs = await Promise.all(
        Array.from({ length: 8 }, (_, index) => h.runProcess(['ticket', 'add', eventId, ...EARLY_BIRD_TICKET.with(1, `T${index}`)])),
      );
      expect(runs.map((run) => run.stderr)).toEqual(Array(8).fill(''));
      const records = JSON.parse(readFileSync(join(h.configDir, 'sent.json'), 'utf8')).profiles.local.tickets;
      expect(Object.keys(records).sort()).toEqual(runs.map((run) => `${eventId}:${run.stdout.trim()}`).sort());
    } finally {
      await h.close();
    }
  });

  it("moves the records an older version kept in config.json into sent.json when they are first read, losing none and keeping the profiles' settings", async () => {
    const legacy = {
      profiles: {
        local: { token: 'tok-123456', sent: { tickets: { '12:34': { serviceFee: '2' } }, discounts: { '12:56': { discount: 10, code: 'EARLY' } } } },
        staging: { apiUrl: 'https://staging.example', sent: { discounts: { '7:8': { discount: 5 } } } },
      },
    };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(legacy), { mode: 0o600 });
    // A record sent.json already holds is newer than the one config.json kept.
    writeFileSync(join(dir, 'sent.json'), JSON.stringify({ profiles: { local: { discounts: { '12:56': { discount: 20 } } } } }), { mode: 0o600 });
    const store = await openConfigStore({ BOXOFFICE_CONFIG_DIR: dir });
    const sent = await openSentStore(store, 'local');
    expect(sent.recall('tickets', '12', '34')).toEqual({ serviceFee: '2' });
    expect(sent.recall('discounts', '12', '56')).toEqual({ discount: 20 });
    expect((await openSentStore(store, 'staging')).recall('discounts', '7', '8')).toEqual({ discount: 5 });
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual({
      profiles: { local: { token: 'tok-123456' }, staging: { apiUrl: 'https://staging.example' } },
    });
    expect(modeOf(join(dir, 'sent.json'))).toBe(0o600);
    const reopened = await openConfigStore({ BOXOFFICE_CONFIG_DIR: dir });
    expect(reopened.getProfile('local').token).toBe('tok-123456');
    expect((await openSentStore(reopened, 'local')).recall('tickets', '12', '34')).toEqual({ serviceFee: '2' });
  });

  it('refuses a config file that is not JSON with a usage error naming the file', async () => {
    writeFileSync(join(dir, 'config.json'), '{ not json', { mode: 0o600 });
    await expect(openConfigStore({ BOXOFFICE_CONFIG_DIR: dir })).rejects.toThrow(/config\.json.*fix or remove it/);
  });
});
