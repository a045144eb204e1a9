import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openConfigStore, sentRecordKey } from '../../src/cli/config/store.js';
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

  it('remembers what was sent for a record, merging later sends over earlier ones', async () => {
    const store = await openConfigStore({ BOXOFFICE_CONFIG_DIR: dir });
    const key = sentRecordKey('12', '34');
    expect(store.recallSent('local', 'discounts', key)).toBeUndefined();
    await store.rememberSent('local', 'discounts', key, { discountCategory: 'code', code: 'EARLY', discount: 10 });
    await store.rememberSent('local', 'discounts', key, { discount: 15 });
    expect(store.recallSent('local', 'discounts', key)).toEqual({ discountCategory: 'code', code: 'EARLY', discount: 15 });
    expect(store.recallSent('live', 'discounts', key)).toBeUndefined();
    expect(store.recallSent('local', 'tickets', key)).toBeUndefined();
    const onDisk = JSON.parse(readFileSync(store.path, 'utf8'));
    expect(onDisk.profiles.local.sent.discounts[key].code).toBe('EARLY');
  });

  it('refuses a config file that is not JSON with a usage error naming the file', async () => {
    writeFileSync(join(dir, 'config.json'), '{ not json', { mode: 0o600 });
    await expect(openConfigStore({ BOXOFFICE_CONFIG_DIR: dir })).rejects.toThrow(/config\.json.*fix or remove it/);
  });
});
