import { describe, expect, it } from 'vitest';
import { UsageError, createApiError, ConflictError } from '../../src/client/errors.js';
import type { FormField, PublisherTicket } from '../../src/client/schemas/index.js';
import { parseAttendeeFlag, parseAttendeesCsv } from '../../src/orders/answers.js';
import { MissingAnswersError, attendeeKeys, fakeAttendee, fillAttendeeForm, plausibleAnswer } from '../../src/orders/attendee-data.js';
import { formatError } from '../../src/cli/framework/error-message.js';
import { orderLookAt } from '../../src/cli/commands/order/place.js';
import { TicketUnavailableError, checkAgainstTickets, defaultReferenceNo, withExplanation } from '../../src/orders/place.js';
import { parseTicketSpec, parseTicketSpecs, totalQuantity } from '../../src/orders/ticket-spec.js';

describe('ticket specs', () => {
  it('reads TICKET_ID:QTY and TICKET_ID:QTY:CODE (a code may hold colons)', () => {
    expect(parseTicketSpec('12:2')).toEqual({ ticketId: 12, quantity: 2, discountCode: '' });
    expect(parseTicketSpec('12:1:EARLY')).toEqual({ ticketId: 12, quantity: 1, discountCode: 'EARLY' });
    expect(parseTicketSpec('7:3:A:B')).toEqual({ ticketId: 7, quantity: 3, discountCode: 'A:B' });
    // The service's code form, looked up before ordering.
    expect(parseTicketSpec('TKCIGJ:2')).toEqual({ ticketId: 'TKCIGJ', quantity: 2, discountCode: '' });
  });

  it.each([
    ['a b:1', 'ticket id'],
    ['T-1:1', 'ticket id'],
    ['12', 'quantity is missing'],
    ['12:x', 'whole number'],
    ['12:0', '1 or more'],
    ['12:-1', 'whole number'],
    ['12:1:', 'code'],
    [':1', 'ticket id'],
  ])('refuses %s, naming the spec', (text, why) => {
    const attempt = () => parseTicketSpec(text);
    expect(attempt).toThrow(UsageError);
    expect(attempt).toThrow(why);
    expect(attempt).toThrow(JSON.stringify(text));
  });

  it('needs at least one spec and refuses a ticket given twice', () => {
    expect(() => parseTicketSpecs([])).toThrow('at least one --ticket');
    expect(() => parseTicketSpecs(['1:1', '1:2'])).toThrow('ticket 1 is given twice');
    expect(() => parseTicketSpecs(['TKCIGJ:1', 'tkcigj:2'])).toThrow('ticket tkcigj is given twice');
    expect(totalQuantity(parseTicketSpecs(['1:1', '2:3:X']))).toBe(4);
  });
});

describe('attendee answers', () => {
  it('reads --attendee name,email[,phone], with quoted commas', () => {
    expect(parseAttendeeFlag('Asha Rao,asha@example.com,+91 1')).toEqual({ name: 'Asha Rao', email: 'asha@example.com', phone: '+91 1', custom: {} });
    expect(parseAttendeeFlag('"Rao, Asha",asha@example.com')).toMatchObject({ name: 'Rao, Asha', phone: '' });
  });

  it('refuses a malformed --attendee', () => {
    expect(() => parseAttendeeFlag('only-a-name')).toThrow('expected "name,email[,phone]"');
    expect(() => parseAttendeeFlag('Asha,not-an-email')).toThrow('is not an email address');
    expect(() => parseAttendeeFlag(',a@b.co')).toThrow('the name is empty');
  });

  it('reads an attendees CSV with a header; extra columns answer custom questions by label', () => {
    const csv = 'Name,Email,Mobile,Company\n"Doe, Jane",jane@example.com,123,Acme\nBo,bo@example.com,,\n';
    expect(parseAttendeesCsv(csv, 'a.csv')).toEqual([
      { name: 'Doe, Jane', email: 'jane@example.com', phone: '123', custom: { Company: 'Acme' } },
      { name: 'Bo', email: 'bo@example.com', phone: '', custom: {} },
    ]);
  });

  it('refuses a CSV without a name column, without rows, or with a bad email, naming the file and row', () => {
    expect(() => parseAttendeesCsv('email\nx@y.z\n', 'a.csv')).toThrow('a.csv: the header row needs a "name" column');
    expect(() => parseAttendeesCsv('name,email\n', 'a.csv')).toThrow('no attendee rows');
    expect(() => parseAttendeesCsv('name,email\nA,a@b.co\nB,nope\n', 'a.csv')).toThrow('a.csv row 3');
    expect(() => parseAttendeesCsv('name,email\n"A,a@b.co\n', 'a.csv')).toThrow('not valid CSV');
  });

  it('keeps a bare double quote as it is and trims cells; names the line of a malformed quote, blank and quoted lines counted', () => {
    expect(parseAttendeeFlag(' Asha "AR" Rao , asha@example.com ')).toMatchObject({ name: 'Asha "AR" Rao', email: 'asha@example.com' });
    const file = 'name,email\n\n"two\nlines",a@b.co\n"B"x,b@c.co\n';
    expect(() => parseAttendeesCsv(file, 'a.csv')).toThrow('a.csv: not valid CSV: a double quote inside a value on line 5; put a value');
    expect(() => parseAttendeeFlag('"Rao, Asha,a@b.co')).toThrow(/^--attendee .*: a double quote opens a value that never closes; put/);
  });
});

describe('fake attendees', () => {
  it('are deterministic per seed and position, and differ between positions', () => {
    expect(fakeAttendee('1001', 0)).toEqual(fakeAttendee('1001', 0));
    expect(fakeAttendee('1001', 0).email).not.toBe(fakeAttendee('1001', 1).email);
    expect(fakeAttendee('1001', 0).email).toMatch(/^[a-z]+\.[a-z]+\.\d+@example\.com$/);
  });

  it('answer custom questions plausibly', () => {
    const person = fakeAttendee('x', 0);
    expect(plausibleAnswer({ label: 'Company name' }, person)).toBe('Example Labs');
    expect(plausibleAnswer({ label: 'T-shirt size' }, person)).toBe('M');
    expect(plausibleAnswer({ label: 'Work email', type: 'Text' }, person)).toBe(person.email);
    expect(plausibleAnswer({ label: 'Years of experience', validation: 'numeric' }, person)).toBe('1');
    expect(plausibleAnswer({ label: 'Track', options: ['Web', 'Data'] }, person)).toBe('Web');
  });
});

const field = (id: string, label: string, mandatory: boolean): FormField => ({ id, type: 'Text', label, description: '', validation: '', mandatory });
const defaults = [field('default_1', 'Name', true), field('default_2', 'Email', true), field('default_3', 'Mobile Number', false)];

describe('filling the attendee form', () => {
  it('orders attendee keys numerically', () => {
    expect(attendeeKeys({ attendee_10: [], attendee_2: [], attendee_1: [] })).toEqual(['attendee_1', 'attendee_2', 'attendee_10']);
  });

  it('maps the default fields and custom answers by label, case-insensitively', () => {
    const form = { attendee_1: [...defaults, field('custom_1', 'Company', true)] };
    const filled = fillAttendeeForm(form, {
      orderNo: '5',
      answers: [{ name: 'A', email: 'a@b.co', phone: '', custom: { company: 'Acme' } }],
      fake: false,
    });
    expect(filled).toEqual({
      attendee_1: [
        { id: 'default_1', label: 'Name', value: 'A' },
        { id: 'default_2', label: 'Email', value: 'a@b.co' },
        { id: 'custom_1', label: 'Company', value: 'Acme' },
      ],
    });
  });

  it('reports every missing mandatory answer by label and attendee', () => {
    const form = { attendee_1: [...defaults, field('custom_1', 'Company', true)], attendee_2: [...defaults, field('custom_1', 'Company', true)] };
    try {
      fillAttendeeForm(form, { orderNo: '9', answers: [{ name: 'A', email: 'a@b.co', phone: '', custom: {} }], fake: false });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MissingAnswersError);
      expect((error as MissingAnswersError).missing).toEqual([
        { attendee: 1, label: 'Company' },
        { attendee: 2, label: 'Name' },
        { attendee: 2, label: 'Email' },
        { attendee: 2, label: 'Company' },
      ]);
      expect((error as Error).message).toContain('attendee 1: "Company"; attendee 2: "Name", "Email", "Company"');
    }
  });

  it('with --fake fills what was not given, keeping what was', () => {
    const form = { attendee_1: [...defaults, field('custom_1', 'Company', true)], attendee_2: defaults };
    const filled = fillAttendeeForm(form, { orderNo: '9', answers: [{ name: 'Given', email: 'g@x.io', phone: '', custom: {} }], fake: true });
    const values = (key: string) => Object.fromEntries((filled[key] ?? []).map((entry) => [entry.label, entry.value]));
    expect(values('attendee_1')).toEqual({ Name: 'Given', Email: 'g@x.io', 'Mobile Number': fakeAttendee('9', 0).phone, Company: 'Example Labs' });
    expect(values('attendee_2')).toEqual({ Name: fakeAttendee('9', 1).name, Email: fakeAttendee('9', 1).email, 'Mobile Number': fakeAttendee('9', 1).phone });
  });
});

const ticket = (overrides: Partial<PublisherTicket>): PublisherTicket => ({
  id: 1,
  eventId: '10',
  name: 'General',
  description: '',
  price: 100,
  quantity: 50,
  startDate: '2026-01-01',
  endDate: '2027-01-01',
  startTime: '00:00:00',
  endTime: '23:59:00',
  minQuantity: 1,
  maxQuantity: 10,
  status: 'published',
  availability: 'Available',
  currency: 'INR',
  discounts: [],
  ...overrides,
});

describe('checking the request against the event tickets', () => {
  it('passes a request the tickets allow', () => {
    expect(() => checkAgainstTickets('10', [{ ticketId: 1, quantity: 2, discountCode: '' }], [ticket({})])).not.toThrow();
  });

  it.each([
    [{ id: 2 }, 2, 'ticket 1 is not sold by event 10; its tickets: 2 (General)'],
    [{ availability: 'Sold Out' }, 1, 'ticket 1 (General) is sold out'],
    [{ quantity: 0 }, 1, 'is sold out'],
    [{ quantity: 3 }, 4, 'only 3 left, 4 asked for'],
    [{ minQuantity: 2, maxQuantity: 4 }, 1, 'is sold 2 to 4 per order; 1 asked for'],
    [{ maxQuantity: 4 }, 5, 'is sold 1 to 4 per order; 5 asked for'],
    [{ status: 'pause' }, 1, 'is not on sale'],
    [{ availability: 'Not Yet Available' }, 1, 'is not on sale (published, Not Yet Available)'],
    [{ availability: 'Sales Ended' }, 1, 'is not on sale'],
  ])('explains %o with quantity %i', (overrides, quantity, message) => {
    const attempt = () => checkAgainstTickets('10', [{ ticketId: 1, quantity, discountCode: '' }], [ticket(overrides)]);
    expect(attempt).toThrow(TicketUnavailableError);
    expect(attempt).toThrow(message);
  });
});

describe('plain-word errors of the flow', () => {
  const context = { eventId: '10', specs: [{ ticketId: 1, quantity: 2, discountCode: '' }], orderNo: '77', lookAt: orderLookAt };
  it.each([
    ['T001', 'the cart names no ticket that event 10 sells (asked for 1 ×2)'],
    ['T004', 'no quantity selected'],
    ['T007', 'order 77 does not exist'],
    ['T008', 'order 77 was placed with a different publisher key'],
    ['T010', 'order 77 has already been processed'],
  ])('%s keeps its code and class, with a plain message', (code, text) => {
    const original = createApiError({ code, httpStatus: 400 });
    const explained = withExplanation(original, context) as Error;
    expect(explained.constructor).toBe(original.constructor);
    expect(formatError(explained).startsWith(`error ${code}: `)).toBe(true);
    expect(formatError(explained)).toContain(text);
  });

  it('recognises sold out and quantity limits from the description', () => {
    const soldOut = withExplanation(createApiError({ code: 'E011X', httpStatus: 409, description: 'ticket 1 is sold out' }), context) as Error;
    expect(formatError(soldOut)).toContain('not enough tickets left for 1 ×2');
    const limit = withExplanation(createApiError({ code: 'E013X', httpStatus: 400, description: 'maximum quantity per order is 4' }), context) as Error;
    expect(formatError(limit)).toContain('outside what the ticket allows per order');
  });

  it('T001 with a reason from the service says that reason', () => {
    const paused = withExplanation(createApiError({ code: 'T001', httpStatus: 409, description: 'ticket 1 (General): sales are paused' }), context) as Error;
    expect(formatError(paused)).toBe(
      'error T001: the order cannot be placed: ticket 1 (General): sales are paused; see the tickets with `boxoffice event details 10`',
    );
  });

  it("E002 says the service's own reason when it gives one", () => {
    const refused = withExplanation(
      createApiError({ code: 'E002', httpStatus: 400, description: 'attendee_1.q_1: not an email address', field: 'attendee_1.q_1' }),
      context,
    ) as Error;
    expect(formatError(refused)).toBe("error E002: the service refused the order's data: attendee_1.q_1: not an email address");
    const bare = createApiError({ code: 'E002', httpStatus: 400 });
    expect(withExplanation(bare, context)).toBe(bare);
  });

  it('leaves other errors alone', () => {
    const other = createApiError({ code: 'E020', httpStatus: 401 });
    expect(withExplanation(other, context)).toBe(other);
    expect(createApiError({ code: 'T010', httpStatus: 409 })).toBeInstanceOf(ConflictError);
  });
});

describe('the default merchant reference', () => {
  it('is derived from the order number and the time', () => {
    expect(defaultReferenceNo('42', new Date(Date.UTC(2026, 0, 1)))).toBe(`BOX-42-${Date.UTC(2026, 0, 1).toString(36).toUpperCase()}`);
  });
});
