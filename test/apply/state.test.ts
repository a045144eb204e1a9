import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultStatePath, emptyState, readState, StateStore } from '../../src/apply/state.js';
import { UsageError } from '../../src/client/errors.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'boxoffice-state-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('state file', () => {
  it('lives beside the setup file by default', () => {
    expect(defaultStatePath('conf/event.yaml')).toBe(join('conf', 'event.boxoffice-state.json'));
    expect(defaultStatePath('event.json')).toBe('event.boxoffice-state.json');
  });

  it('is missing until the first step, then round-trips in a fixed key order with no temp file left', async () => {
    const path = join(dir, 'event.boxoffice-state.json');
    expect(await readState(path)).toBeUndefined();
    const store = new StateStore(path, emptyState('http://127.0.0.1:4010'));
    store.state.tickets.general = { id: '11', applied: { price: 500 } };
    store.state.event = { id: '7', applied: { url: 'conf' } };
    await store.save();
    expect(Object.keys(JSON.parse(await readFile(path, 'utf8')))).toEqual(['version', 'apiUrl', 'event', 'tickets', 'discounts']);
    expect(await readState(path)).toEqual(store.state);
    expect(await readdir(dir)).toEqual(['event.boxoffice-state.json']);
  });

  it('refuses a file that is not a state file, naming it', async () => {
    const path = join(dir, 'x.json');
    await writeFile(path, '{"version":1,"tickets":{"a":{"applied":{}}}}');
    await expect(readState(path)).rejects.toThrow(UsageError);
    await expect(readState(path)).rejects.toThrow(`${path}: not a boxoffice state file: tickets.a.id`);
    await writeFile(path, 'not json');
    await expect(readState(path)).rejects.toThrow('the state file is not valid JSON');
  });
});

describe('state file: records whose create is not confirmed', () => {
  it('keeps a record without an id when it is marked uncertain (or, for a discount, idUnknown)', async () => {
    const path = join(dir, 'pending.boxoffice-state.json');
    const store = new StateStore(path, emptyState('http://127.0.0.1:4010'));
    store.state.event = { applied: { url: 'conf' }, uncertain: true };
    store.state.tickets.general = { applied: { price: 500 }, uncertain: true };
    store.state.discounts.code = { ticket: 'general', applied: { code: 'X' }, idUnknown: true };
    await store.save();
    expect(await readState(path)).toEqual(store.state);
  });
});
