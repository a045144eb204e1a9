import { describe, expect, it } from 'vitest';
import { parseSetupFile } from '../../src/apply/file.js';
import type { SetupFile } from '../../src/apply/file.js';
import { computePlan, desired, duplicateLines } from '../../src/apply/plan.js';
import type { RemoteSnapshot } from '../../src/apply/plan.js';
import { quotaWarnings } from '../../src/apply/run.js';
import { LIVE_QUOTAS } from '../../src/client/live-quotas.js';
import { formatStep, renderPlan } from '../../src/apply/render.js';
import { emptyState } from '../../src/apply/state.js';
import type { ApplyState } from '../../src/apply/state.js';
import type { OrganizerEvent, OrganizerTicket } from '../../src/client/schemas/index.js';

const text = `
event:
  eventType: public
  type: conference
  eventTitle: Test conf
  url: test-conf
  segment: technology
  category: technology
  startDate: 2030-05-01
  startTime: "09:00"
  endDate: 2030-05-02
  endTime: "18:00"
  aboutEvent: About
  listingImage: https://img.example/l.png
  headerImage: https://img.example/h.png
  contactInfo: me@example.com
tickets:
  - key: general
    ticketName: General
    price: 500
    currency: INR
    quantity: 100
    startDate: 2030-01-01
    startTime: "10:00"
    serviceFee: 1
    allowCancellation: true
discounts:
  - key: code
    ticket: general
    discountCategory: code
    code: SAVE10
    discount: 10
    discountType: percentage
`;

const dateTime = (date: string) => ({ date, timezone_type: 3, timezone: 'Asia/Kolkata' });

/** The service's shapes (2.10, 2.11): other names, date-time objects, numbers as text, `active`. */
function remoteEvent(overrides: Partial<OrganizerEvent> = {}): OrganizerEvent {
  return {
    id: 7,
    name: 'Test conf',
    url: 'https://sandbox.example/e/test-conf',
    description: 'About',
    contactInfo: 'me@example.com',
    eventCategory: 'technology',
    eventType: 'conference',
    visiblity: true,
    startDate: dateTime('2030-05-01 09:00:00'),
    endDate: dateTime('2030-05-02 18:00:00'),
    listingImage: 'https://img.example/l.png',
    ...overrides,
  } as OrganizerEvent;
}
/** As the live service reads back: `quantity` what is left (20 sold), `initialQuantity` the 100 on sale. */
function remoteTicket(overrides: Partial<OrganizerTicket> = {}): OrganizerTicket {
  return {
    id: 11,
    typeName: 'General',
    typeDesc: '',
    price: '500.00' as unknown as number,
    quantity: 80,
    initialQuantity: 100,
    availableFrom: dateTime('2030-01-01 10:00:00'),
    availableTo: dateTime('2030-05-02 18:00:00'),
    maxQuantity: 10,
    minQuantity: 1,
    allowCancel: true,
    status: 'active',
    currency: 'INR',
    eventId: '7',
    ...overrides,
  } as OrganizerTicket;
}

function appliedState(setup: SetupFile): ApplyState {
  return {
    ...emptyState(),
    event: { id: '7', applied: desired(setup.event) },
    tickets: { general: { id: '11', applied: desired(setup.tickets[0]) } },
    discounts: { code: { id: '21', ticket: 'general', applied: desired(setup.discounts[0]) } },
  };
}

const snapshot = (ticket = remoteTicket(), event = remoteEvent()): RemoteSnapshot => ({
  event,
  eventId: '7',
  eventAdopted: false,
  tickets: [ticket],
});

describe('plan', () => {
  it('creates everything in dependency order when nothing exists', () => {
    const setup = parseSetupFile(text, 'e.yaml', {});
    const plan = computePlan(setup, emptyState(), { eventAdopted: false, tickets: [] });
    expect(plan.steps.map(formatStep)).toEqual(['+ create event test-conf', '+ create ticket general', '+ create discount code']);
  });

  it('finds an unchanged file unchanged, across the service’s shapes', () => {
    const setup = parseSetupFile(text, 'e.yaml', {});
    const plan = computePlan(setup, appliedState(setup), snapshot());
    expect(plan.steps.map((step) => step.action)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(renderPlan(plan, 'e.yaml')).toContain('No changes');
  });

  it('updates only the changed field of the changed record', () => {
    const setup = parseSetupFile(text, 'e.yaml', {});
    const state = appliedState(setup);
    const changed = parseSetupFile(text.replace('price: 500', 'price: 650'), 'e.yaml', {});
    const plan = computePlan(changed, state, snapshot());
    expect(plan.steps.map(formatStep)).toEqual([
      '= unchanged event test-conf (id 7)',
      '~ update ticket general (id 11): price 500 → 650',
      '= unchanged discount code (id 21)',
    ]);
  });

  it('reports a remote change as drift and plans it back', () => {
    const setup = parseSetupFile(text, 'e.yaml', {});
    const plan = computePlan(setup, appliedState(setup), snapshot(remoteTicket({ quantity: 40, initialQuantity: 40, status: 'pause' })));
    expect(plan.steps[1].changes).toEqual([
      { field: 'quantity', from: 40, to: 100, drift: true },
      { field: 'status', from: 'pause', to: 'active', drift: true },
    ]);
    expect(renderPlan(plan, 'e.yaml')).toContain('(2 fields drifted on the service, brought back to the file)');
  });

  it('compares discounts and the ticket serviceFee with the last applied values', () => {
    const setup = parseSetupFile(text, 'e.yaml', {});
    const changed = parseSetupFile(text.replace('discount: 10', 'discount: 15').replace('serviceFee: 1', 'serviceFee: 2'), 'e.yaml', {});
    const plan = computePlan(changed, appliedState(setup), snapshot());
    expect(plan.steps.slice(1).map(formatStep)).toEqual([
      '~ update ticket general (id 11): serviceFee 1 → 2',
      '~ update discount code (id 21): discount 10 → 15',
    ]);
  });

  it('adopts a ticket found by name when the state does not know it (a create whose answer was lost)', () => {
    const setup = parseSetupFile(text, 'e.yaml', {});
    const state = appliedState(setup);
    state.tickets = {};
    const plan = computePlan(setup, state, snapshot());
    expect(plan.steps[1]).toMatchObject({ action: 'update', id: '11', adopted: true });
    // serviceFee is never returned, so an adopted ticket is sent once to be sure of it
    expect(plan.steps[1].changes.map((change) => change.field)).toEqual(['serviceFee']);
  });

  it('creates again a ticket gone from the service, and its discounts', () => {
    const setup = parseSetupFile(text, 'e.yaml', {});
    const plan = computePlan(setup, appliedState(setup), { ...snapshot(), tickets: [] });
    expect(plan.steps.slice(1).map((step) => [step.action, step.missing ?? false])).toEqual([
      ['create', true],
      ['create', false],
    ]);
  });

  it('refuses to move a discount to another ticket', () => {
    const two = text.replace(
      'discounts:',
      `  - key: vip
    ticketName: VIP
    price: 900
    currency: INR
    quantity: 5
    serviceFee: 1
    allowCancellation: false
discounts:`,
    );
    const setup = parseSetupFile(two, 'e.yaml', {});
    const state = appliedState(setup);
    state.tickets.vip = { id: '12', applied: desired(setup.tickets[1]) };
    const moved = parseSetupFile(two.replace('ticket: general', 'ticket: vip'), 'e.yaml', {});
    const remote = { ...snapshot(), tickets: [remoteTicket(), remoteTicket({ id: 12, typeName: 'VIP' })] };
    expect(() => computePlan(moved, state, remote)).toThrow(/discounts\[0\]\.ticket: .*cannot move it/);
  });

  it('warns before a plan past the daily creation quotas', () => {
    const setup = parseSetupFile(text, 'e.yaml', {});
    const many = { ...setup, tickets: Array.from({ length: 201 }, (_, index) => ({ ...setup.tickets[0], key: `t${index}`, ticketName: `T${index}` })) };
    const warnings = quotaWarnings(computePlan(many, emptyState(), { eventAdopted: false, tickets: [] }), LIVE_QUOTAS);
    expect(warnings).toEqual([expect.stringContaining('creates 201 tickets, and the live service allows about 200 ticket creations a day')]);
    expect(quotaWarnings(computePlan(setup, emptyState(), { eventAdopted: false, tickets: [] }), LIVE_QUOTAS)).toEqual([]);
    // The quotas are the caller's: a smaller one warns about the small plan too.
    const tight = { ...LIVE_QUOTAS, creationsPerDay: { ...LIVE_QUOTAS.creationsPerDay, event: 0 } };
    expect(quotaWarnings(computePlan(setup, emptyState(), { eventAdopted: false, tickets: [] }), tight)).toEqual([
      expect.stringContaining('creates 1 events, and the live service allows about 0 event creations a day'),
    ]);
  });
});

describe('plan: unconfirmed creates and duplicates', () => {
  const bulkText = `${text}
  - key: team
    ticket: general
    discountCategory: bulk
    fromQuantity: 5
    toQuantity: 10
    discount: 300
    discountType: fixed
`;
  const publicBulk = (id: string, ticketId = '11', amount = 300) => ({
    id,
    ticketId,
    view: { discountCategory: 'bulk', discountType: 'fixed', discount: amount, fromQuantity: 5, toQuantity: 10 },
  });

  it('finds an unconfirmed ticket by its name and takes it as sent (no update)', () => {
    const setup = parseSetupFile(text, 'e.yaml', {});
    const state = appliedState(setup);
    state.tickets.general = { applied: { ...desired(setup.tickets[0]), status: 'active' }, uncertain: true };
    const plan = computePlan(setup, state, snapshot());
    expect(formatStep(plan.steps[1])).toBe('= unchanged ticket general (id 11) [found on the service by its name]');
  });

  it('an unconfirmed ticket not on the service is created, saying it was looked for', () => {
    const setup = parseSetupFile(text, 'e.yaml', {});
    const state = appliedState(setup);
    state.tickets.general = { applied: desired(setup.tickets[0]), uncertain: true };
    const plan = computePlan(setup, state, { ...snapshot(), tickets: [] });
    expect(formatStep(plan.steps[1])).toBe('+ create ticket general [an earlier create was not confirmed; not found by its name]');
  });

  it("finds an unconfirmed automatic discount by its fields among the Publisher API's", () => {
    const setup = parseSetupFile(bulkText, 'e.yaml', {});
    const state = appliedState(setup);
    state.discounts.team = { ticket: 'general', applied: desired(setup.discounts[1]), uncertain: true };
    const plan = computePlan(setup, state, { ...snapshot(), discounts: [publicBulk('30', '11', 250), publicBulk('31')] });
    expect(formatStep(plan.steps[3])).toBe('= unchanged discount team (id 31) [found on the service by its fields]');
    // Without the Publisher API it stays uncertain.
    const blind = computePlan(setup, state, snapshot());
    expect(formatStep(blind.steps[3])).toBe('+ create discount team [an earlier create was not confirmed: it may exist]');
  });

  it("reports two tickets with one key's name, and two automatic discounts matching one key", () => {
    const setup = parseSetupFile(bulkText, 'e.yaml', {});
    const state = appliedState(setup);
    state.discounts.team = { id: '31', ticket: 'general', applied: desired(setup.discounts[1]) };
    const plan = computePlan(setup, state, {
      ...snapshot(),
      tickets: [remoteTicket(), remoteTicket({ id: 12 } as Partial<OrganizerTicket>)],
      discounts: [publicBulk('31'), publicBulk('32'), publicBulk('33', '12')],
    });
    expect(plan.steps[1].duplicates).toEqual(['12']);
    expect(plan.steps[3].duplicates).toEqual(['32']);
    expect(duplicateLines(plan)).toEqual([
      'ticket general: 2 records on the service match it (id 11, and id 12)',
      'discount team: 2 records on the service match it (id 31, and id 32)',
    ]);
    expect(renderPlan(plan, 'e.yaml')).toContain('Duplicates: 2 keys match more than one record on the service (marked DUPLICATE).');
    expect(renderPlan(plan, 'e.yaml')).not.toContain('No changes');
  });

  it('a code discount found by its code has no id: marked ?, never =; a change to it is blocked (!) with what to do', () => {
    const setup = parseSetupFile(text, 'e.yaml', {});
    const state = appliedState(setup);
    state.discounts.code = { ticket: 'general', applied: desired(setup.discounts[0]), idUnknown: true };
    const plan = computePlan(setup, state, snapshot());
    expect(formatStep(plan.steps[2])).toBe(
      '? unchecked discount code [exists, found by its code; the service never gives its id or fields, so it cannot be read back or updated]',
    );
    expect(renderPlan(plan, 'e.yaml')).not.toContain('No changes: the service matches the file');
    const changed = parseSetupFile(text.replace('discount: 10', 'discount: 15'), 'e.yaml', {});
    const blocked = computePlan(changed, state, snapshot());
    expect(formatStep(blocked.steps[2])).toBe(
      '! blocked discount code [exists, found by its code; the service never gives its id, so it cannot be changed]: discount 10 → 15',
    );
    expect(renderPlan(blocked, 'e.yaml')).toContain('cannot be changed (!)');
    expect(renderPlan(blocked, 'e.yaml')).not.toContain('No changes');
    expect(blocked.notes).toContainEqual(
      expect.stringContaining("discount code was found by its code, and the service never gives a discount's id, so discount cannot be changed by apply"),
    );
    // Found without a state: its fields were never applied, so nothing can be compared, and nothing is blocked.
    state.discounts.code = { ticket: 'general', applied: {}, idUnknown: true };
    expect(computePlan(changed, state, snapshot()).steps[2].action).toBe('unchecked');
  });
});
