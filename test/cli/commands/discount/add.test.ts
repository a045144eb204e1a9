import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTicketHarness } from '../../support/ticket-harness.js';
import { registerDiscountAdd } from '../../../../src/cli/commands/discount/add.js';
import { parseVerb, runAgainstRecorder, verbAt } from '../../support/verb.js';

const { harness: h, ok, eventWithTicket } = useTicketHarness();

describe('discount add and update', () => {
  it('adds a code discount and updates one field, the rest coming from what this profile sent', async () => {
    const { eventId, ticketId } = await eventWithTicket();
    const discountId = (
      await ok(['discount', 'add', eventId, ticketId, '--discount-category', 'code', '--code', 'EARLY', '--discount', '10', '--discount-type', 'percentage'])
    ).trim();
    expect(discountId).toMatch(/^\d+$/);
    const updated = JSON.parse(await ok(['--json', 'discount', 'update', eventId, discountId, '--discount', '15']));
    expect(updated).toMatchObject({ status: 'success', message: 'S004', discountId });
    const sent = JSON.parse(readFileSync(join(h().configDir, 'sent.json'), 'utf8'));
    expect(sent.profiles.local.discounts[`${eventId}:${discountId}`]).toEqual({
      discountCategory: 'code',
      code: 'EARLY',
      discount: '15',
      discountType: 'percentage',
    });
    expect(statSync(join(h().configDir, 'sent.json')).mode & 0o777).toBe(0o600);
    // The profiles' file is not written for it (this harness's profile is the environment).
    expect(existsSync(join(h().configDir, 'config.json'))).toBe(false);
  });

  it('updates a discount whose record an older version kept in config.json, moving every record to sent.json', async () => {
    const { eventId, ticketId } = await eventWithTicket();
    const discountId = (await ok(['discount', 'add', eventId, ticketId, '--discount-category', 'flat', '--discount', '10', '--discount-type', 'fixed'])).trim();
    // The config directory as an older version left it: the records of what was sent inside the profile.
    const configPath = join(h().configDir, 'config.json');
    const sentPath = join(h().configDir, 'sent.json');
    const records = JSON.parse(readFileSync(sentPath, 'utf8')).profiles.local;
    writeFileSync(configPath, JSON.stringify({ profiles: { local: { clientId: 'mine', sent: records } } }), { mode: 0o600 });
    rmSync(sentPath);
    const updated = JSON.parse(await ok(['--no-input', '--json', 'discount', 'update', eventId, discountId, '--discount', '20']));
    expect(updated).toMatchObject({ status: 'success', discountId });
    const moved = JSON.parse(readFileSync(sentPath, 'utf8')).profiles.local;
    expect(moved).toEqual({
      tickets: records.tickets,
      discounts: { ...records.discounts, [`${eventId}:${discountId}`]: { discountCategory: 'flat', discount: '20', discountType: 'fixed' } },
    });
    expect(statSync(sentPath).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(configPath, 'utf8'))).toEqual({ profiles: { local: { clientId: 'mine' } } });
  });

  it('names every flag it needs for a discount this profile never sent, sending nothing', async () => {
    const before = h().requests.length;
    const result = await h().run(['discount', 'update', '1', '2', '--discount', '5'], {
      env: { BOXOFFICE_CONFIG_DIR: join(h().configDir, 'fresh') },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: profile local has not sent discount 2 before and the service does not return discounts: give --discount-category, --discount-type\n',
    );
    expect(h().requests.length).toBe(before);
  });

  it('checks the rules of a bulk discount before sending', async () => {
    const before = h().requests.length;
    const result = await h().run(['discount', 'add', '1', '2', '--discount-category', 'bulk', '--discount', '5', '--discount-type', 'fixed']);
    expect(result.code).toBe(2);
    // What a bulk discount needs is required with it (asked for on a terminal).
    expect(result.stderr).toBe('error: missing required flags: --from-quantity, --to-quantity\n');
    expect(h().requests.length).toBe(before);
  });
});

describe('discount add: flags → options', () => {
  const verb = verbAt('discount add', registerDiscountAdd);

  it('gives the ids and only the flags named, by API name', async () => {
    const parsed = await parseVerb(verb, ['discount', 'add', '12', '34', '--discount-name', 'Early', '--discount-category', 'code', '--code', 'EARLY']);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.runs).toEqual([{ eventId: '12', ticketId: '34', values: { discountName: 'Early', discountCategory: 'code', code: 'EARLY' } }]);
  });

  it('reads every flag', async () => {
    const parsed = await parseVerb(verb, [
      'discount',
      'add',
      '12',
      '34',
      '--discount-name',
      'Bulk',
      '--discount-category',
      'bulk',
      '--discount',
      '10',
      '--discount-type',
      'percentage',
      '--start-date',
      '2030-01-01',
      '--start-time',
      '09:00',
      '--end-date',
      '2030-02-01',
      '--end-time',
      '18:00',
      '--limit',
      '50',
      '--from-quantity',
      '5',
      '--to-quantity',
      '10',
    ]);
    expect(parsed.runs).toEqual([
      {
        eventId: '12',
        ticketId: '34',
        values: {
          discountName: 'Bulk',
          discountCategory: 'bulk',
          discount: '10',
          discountType: 'percentage',
          startDate: '2030-01-01',
          startTime: '09:00',
          endDate: '2030-02-01',
          endTime: '18:00',
          limit: '50',
          fromQuantity: '5',
          toQuantity: '10',
        },
      },
    ]);
  });

  it.each([
    [['discount', 'add', '12', 'x34', '--discount-name', 'D'], 'TICKET_ID'],
    [
      ['discount', 'add', '12', '34', '--discount-category', 'free', '--discount-name', 'D', '--discount', '1', '--discount-type', 'fixed'],
      '--discount-category',
    ],
    [['discount', 'add', '12', '34', '--discount-category', 'flat', '--discount-name', 'D', '--discount', 'ten', '--discount-type', 'fixed'], '--discount'],
    [['discount', 'add', '12', '34', '--discount-category', 'bulk', '--discount-name', 'D', '--discount', '1', '--discount-type', 'fixed'], '--from-quantity'],
  ])('the real run refuses %j with exit 2, naming %s, before any request', async (argv, named) => {
    const refused = await runAgainstRecorder(['--no-input', ...argv]);
    expect(refused).toMatchObject({ code: 2, requests: [] });
    expect(refused.stderr).toContain(named);
  });
});
