// Seeds one event with N confirmed orders straight through the sandbox's database layer (fast
// enough for the benchmark's 100,000 orders), with custom form answers, a label first used by
// the last orders, and hostile cell content, for the export's acceptance tests.
import { findAccountByEmail } from '../../src/sandbox/db/accounts.js';
import { insertEvent, insertTicket } from '../../src/sandbox/db/events.js';
import type { SandboxDatabase } from '../../src/sandbox/db/index.js';
import { insertOrder, type NewAttendee } from '../../src/sandbox/db/orders.js';
import { ORGANIZER_EMAIL } from '../../src/sandbox/fixtures.js';

export interface SeedOptions {
  orders: number;
  /** Orders from this index on answer an extra question ("Wheelchair access"). */
  lateLabelFrom?: number;
  /** This order carries formula-like, quoted, multi-line and non-ASCII content. */
  hostileAt?: number;
  now?: Date;
}

export interface SeededEvent {
  eventId: string;
  orders: number;
  attendees: number;
}

export function seedAttendeeEvent(db: SandboxDatabase, options: SeedOptions): SeededEvent {
  const now = options.now ?? new Date('2026-02-01T09:00:00Z');
  const owner = findAccountByEmail(db, ORGANIZER_EMAIL);
  if (!owner) throw new Error('the sandbox has no organizer account');
  const suffix = Math.random().toString(36).slice(2, 8);
  return db.transaction((): SeededEvent => {
    const eventId = insertEvent(
      db,
      owner.id,
      {
        event_type: 'public',
        type: 'ticketing',
        title: `Export test ${suffix}`,
        url: `export-test-${suffix}`,
        subdomain: null,
        segment: null,
        category: 'technology',
        topics: null,
        start_date: '2027-06-01',
        start_time: '09:00',
        end_date: '2027-06-02',
        end_time: '18:00',
        about: 'Seeded for the attendee export',
        listing_image: 'https://example.test/l.png',
        header_image: 'https://example.test/h.png',
        contact_info: 'team@example.test',
        country: null,
        state: null,
        city: 'Pune',
        postal: null,
        address: null,
      },
      now,
    );
    const ticketFields = {
      description: null,
      price: 500,
      currency: 'INR',
      quantity: options.orders * 3 + 10,
      status: 'active',
      start_date: '2026-01-01',
      start_time: '00:00',
      end_date: '2027-05-31',
      end_time: '23:59',
      min_quantity: 1,
      max_quantity: 10,
      service_fee: 1,
      allow_cancellation: 0,
      shipping_charge: null,
      shipping_charge_type: null,
    };
    const general = insertTicket(db, eventId, { ...ticketFields, name: 'General' }, now);
    const vip = insertTicket(db, eventId, { ...ticketFields, name: 'VIP' }, now);
    let attendees = 0;
    for (let index = 0; index < options.orders; index += 1) {
      const count = (index % 3) + 1;
      const people: NewAttendee[] = Array.from({ length: count }, (_, position) => ({
        ticketId: position === 0 ? general : vip,
        name: `Attendee ${index}-${position}`,
        email: `a${index}-${position}@example.test`,
        answers:
          (index + position) % 3 === 0
            ? []
            : [
                { label: 'Company', value: `Firm ${index % 97}` },
                { label: 'T-shirt size', value: ['S', 'M', 'L'][index % 3] },
                ...(options.lateLabelFrom !== undefined && index >= options.lateLabelFrom ? [{ label: 'Wheelchair access', value: 'yes' }] : []),
              ],
      }));
      if (index === options.hostileAt) {
        people[0] = {
          ...people[0],
          name: '=HYPERLINK("http://evil.test","click")',
          answers: [
            { label: '@risky, "label"', value: "+1+cmd|' /C calc'!A0" },
            { label: 'Notes', value: 'line one\nline two, "quoted"; -2+3 ✓ Zürich' },
          ],
        };
      }
      attendees += people.length;
      insertOrder(db, {
        eventId,
        buyer: { name: `Buyer ${index}`, email: `buyer${index}@example.test`, phone: index % 5 === 0 ? '+91 98200 00000' : '02212345678', city: 'Mumbai' },
        lines: [{ ticketId: general, quantity: 1, unitPrice: 500 }, ...(count > 1 ? [{ ticketId: vip, quantity: count - 1, unitPrice: 500 }] : [])],
        attendees: people,
        createdAt: new Date(now.getTime() + index * 1000),
      });
    }
    return { eventId: String(eventId), orders: options.orders, attendees };
  })();
}
