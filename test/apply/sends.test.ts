import { describe, expect, it } from 'vitest';
import { parseSetupFile } from '../../src/apply/file.js';
import type { SetupFile } from '../../src/apply/file.js';
import { computePlan, desired } from '../../src/apply/plan.js';
import type { RemoteSnapshot } from '../../src/apply/plan.js';
import { planSends, type LastSent } from '../../src/apply/sends.js';
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
    status: pause
discounts:
  - key: code
    ticket: general
    discountCategory: code
    code: SAVE10
    discount: 10
    discountType: percentage
`;

const dateTime = (date: string) => ({ date, timezone_type: 3, timezone: 'Asia/Kolkata' });
const remoteEvent = {
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
} as unknown as OrganizerEvent;
const remoteTicket = {
  id: 11,
  typeName: 'General',
  typeDesc: 'Read back',
  price: '500.00',
  quantity: 100,
  initialQuantity: 100,
  availableFrom: dateTime('2030-01-01 10:00:00'),
  availableTo: dateTime('2030-05-02 18:00:00'),
  maxQuantity: 10,
  minQuantity: 1,
  allowCancel: true,
  status: 'pause',
  currency: 'INR',
  eventId: '7',
} as unknown as OrganizerTicket;
const remote: RemoteSnapshot = { event: remoteEvent, eventId: '7', eventAdopted: false, tickets: [remoteTicket] };

function appliedState(setup: SetupFile): ApplyState {
  return {
    ...emptyState(),
    event: { id: '7', applied: { ...desired(setup.event), segment: 'music' } },
    tickets: { general: { id: '11', applied: desired(setup.tickets[0]) } },
    discounts: { code: { id: '21', ticket: 'general', applied: desired(setup.discounts[0]) } },
  };
}

const nothingSent: LastSent = () => undefined;

describe('what each apply step sends, without a client', () => {
  it('creates from the file: the ticket as active then paused, the discount without its keys', () => {
    const setup = parseSetupFile(text, 'e.yaml', {});
    const state = emptyState();
    const sends = planSends(setup, computePlan(setup, state, { eventAdopted: false, tickets: [] }), { eventAdopted: false, tickets: [] }, state, nothingSent);
    expect(sends.map((step) => step.resource)).toEqual(['event', 'ticket', 'discount']);
    const [event, ticket, discount] = sends;
    expect(event).toMatchObject({ create: setup.event, applied: desired(setup.event), records: true });
    if (ticket.resource !== 'ticket' || discount.resource !== 'discount') throw new Error('steps out of order');
    const { key: _key, status: _status, ...ticketFields } = setup.tickets[0];
    expect(ticket.create).toEqual({ ...ticketFields, status: 'active' });
    expect(ticket.pauseAfterCreate).toMatchObject({ ticketName: 'General', price: 500, status: 'pause' });
    expect(ticket.update).toBeUndefined();
    expect(discount.create).toEqual({ discountCategory: 'code', code: 'SAVE10', discount: 10, discountType: 'percentage' });
    expect(discount.skip).toBe(false);
  });

  it('updates merge the read-back and what was last sent under the file, keeping the fields fixed at creation', () => {
    const setup = parseSetupFile(text, 'e.yaml', {});
    const state = appliedState(setup);
    const changed = parseSetupFile(
      text.replace('price: 500', 'price: 650').replace('discount: 10', 'discount: 15').replace('eventTitle: Test conf', 'eventTitle: New title'),
      'e.yaml',
      {},
    );
    const lastSent: LastSent = (kind, id) => (kind === 'discounts' && id === '21' ? { limit: 5, discount: 10 } : undefined);
    const sends = planSends(changed, computePlan(changed, state, remote), remote, state, lastSent);
    const [event, ticket, discount] = sends;
    expect(event.update).toMatchObject({ eventTitle: 'New title' });
    expect(event.applied).toMatchObject({ eventTitle: 'New title', segment: 'music' });
    expect(ticket.update).toMatchObject({ price: 650, ticketDescription: 'Read back', status: 'pause' });
    expect(discount.update).toEqual({ discountCategory: 'code', code: 'SAVE10', discount: 15, discountType: 'percentage', limit: 5 });
    expect(sends.every((step) => step.records)).toBe(true);
  });

  it('an unchanged step sends nothing and records only what the state lacks', () => {
    const setup = parseSetupFile(text, 'e.yaml', {});
    const state = appliedState(setup);
    state.event = { id: '7', applied: desired(setup.event) };
    const sends = planSends(setup, computePlan(setup, state, remote), remote, state, nothingSent);
    expect(sends.map((step) => [step.step.action, step.update, step.records])).toEqual([
      ['unchanged', undefined, false],
      ['unchanged', undefined, false],
      ['unchanged', undefined, false],
    ]);
  });
});
