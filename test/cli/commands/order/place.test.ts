// `order place` and the other buyer commands against a real sandbox over loopback HTTP: the
// organizer side is set up with the client, the buyer side runs the CLI in-process.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type BoxofficeClient } from '../../../../src/client/index.js';
import { addQuestions } from '../../../../src/sandbox/db/events.js';
import { fakeAttendee } from '../../../../src/orders/attendee-data.js';
import { answerPrompts } from '../../support/answer-prompts.js';
import { runInProcess, type RunOptions } from '../../../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../../../helpers/sandbox.js';
import { registerOrderPlace } from '../../../../src/cli/commands/order/place.js';
import { parseVerb, verbAt } from '../../support/verb.js';

let sandbox: TestSandbox;
let organizer: BoxofficeClient;
let configDir: string;
let env: Record<string, string>;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
let slug = 0;

async function createEvent(title: string): Promise<string> {
  const date = inDays(20);
  slug += 1;
  const { eventId } = await organizer.events.createEvent({
    eventType: 'public',
    type: 'ticketing',
    eventTitle: title,
    url: `flow-test-${slug}`,
    segment: 'technology',
    category: 'technology',
    startDate: date,
    endDate: date,
    startTime: '10:00',
    endTime: '18:00',
    aboutEvent: 'A test event',
    listingImage: 'https://example.com/l.png',
    headerImage: 'https://example.com/h.png',
    contactInfo: 'org@example.com',
    city: 'Pune',
  });
  return String(eventId);
}

async function addTicket(
  eventId: string,
  fields: { name: string; price: number; quantity: number; maxQuantity?: number; minQuantity?: number },
): Promise<string> {
  const { ticketId } = await organizer.events.addTicket({
    eventId,
    ticketName: fields.name,
    price: fields.price,
    currency: 'INR',
    quantity: fields.quantity,
    status: 'active',
    serviceFee: 1,
    allowCancellation: false,
    maxQuantity: fields.maxQuantity,
    minQuantity: fields.minQuantity,
  });
  return String(ticketId);
}

const place = (argv: string[], options: RunOptions = {}) => runInProcess(['order', 'place', ...argv], { ...options, env: { ...env, ...options.env } });

interface PlacedJson {
  orderNo: string;
  referenceNo: string;
  cartCalculation: { cart: { price: number; discount: number; grandTotal: number; codeApplied: boolean } };
  confirmOrder: { orderStatus: string };
  orderDetails: {
    orderDetails: {
      orderStatus: string;
      quantity: number;
      buyerName: string;
      attendee: { attendeeName: string; attendeeEmailId: string; additionalInfo: Record<string, string> }[];
    };
  };
}

let eventId: string;
let general: string;
let vip: string;
let scarce: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  configDir = mkdtempSync(join(tmpdir(), 'boxoffice-orders-config-'));
  env = {
    BOXOFFICE_CONFIG_DIR: configDir,
    BOXOFFICE_API_URL: sandbox.url,
    BOXOFFICE_PUBLISHER_URL: sandbox.url,
    BOXOFFICE_AUTH_URL: sandbox.url,
    BOXOFFICE_PUBLISHER_KEY: sandbox.tokens.publisher,
  };
  organizer = createClient({ apiUrl: sandbox.url, publisherUrl: sandbox.url, authUrl: sandbox.url, token: sandbox.tokens.organizer });
  eventId = await createEvent('Flow Test Conf');
  general = await addTicket(eventId, { name: 'General', price: 1000, quantity: 100 });
  vip = await addTicket(eventId, { name: 'VIP', price: 3000, quantity: 20, maxQuantity: 4 });
  scarce = await addTicket(eventId, { name: 'Last Seats', price: 200, quantity: 2 });
  await organizer.events.addDiscount({
    eventId,
    ticketId: general,
    discountCategory: 'code',
    code: 'SAVE10',
    discount: 10,
    discountType: 'percentage',
  });
});

afterAll(async () => {
  await organizer?.close();
  await sandbox?.close();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

/** The one line on stderr of a run that went well: the order number, as soon as it exists. */
const ORDER_NUMBER_LINE = /^order SBX\d+: generated; its tickets are held until it is confirmed\n$/;

describe('order place: the whole flow', () => {
  it.each([
    ['confirm', 'confirm'],
    ['pending', 'pending'],
    ['fail', 'fail'],
  ])('with --status %s ends in order status %s', async (status, expected) => {
    const result = await place([eventId, '--ticket', `${general}:2`, '--fake', '--status', status, '--reference-no', `REF-${status}`, '--json']);
    expect(result.stderr).toMatch(ORDER_NUMBER_LINE);
    expect(result.code).toBe(0);
    const placed = JSON.parse(result.stdout) as PlacedJson;
    expect(placed.referenceNo).toBe(`REF-${status}`);
    expect(placed.confirmOrder.orderStatus).toBe(expected);
    expect(placed.orderDetails.orderDetails.orderStatus).toBe(expected);
    expect(placed.orderDetails.orderDetails.quantity).toBe(2);
    expect(placed.orderDetails.orderDetails.attendee.map((a) => a.attendeeName)).toEqual([
      fakeAttendee(placed.orderNo, 0).name,
      fakeAttendee(placed.orderNo, 1).name,
    ]);
  });

  it('applies a discount code in the cart', async () => {
    const result = await place([eventId, '--ticket', `${general}:1:SAVE10`, '--attendee', 'Asha Rao,asha@example.com,+91 1', '--json']);
    expect(result.code).toBe(0);
    const placed = JSON.parse(result.stdout) as PlacedJson;
    expect(placed.cartCalculation.cart).toMatchObject({ price: 1000, discount: 100, grandTotal: 900, codeApplied: true });
    expect(placed.orderDetails.orderDetails).toMatchObject({ buyerName: 'Asha Rao', orderStatus: 'confirm' });

    const wrongCode = await place([eventId, '--ticket', `${general}:1:NOPE`, '--fake', '--json']);
    expect((JSON.parse(wrongCode.stdout) as PlacedJson).cartCalculation.cart).toMatchObject({ discount: 0, codeApplied: false });
  });

  it('prints the cart and the order as tables on a terminal and tagged tab-separated lines when piped', async () => {
    const tty = await place([eventId, '--ticket', `${general}:1:SAVE10`, '--attendee', 'Ben Okafor,ben@example.com'], {
      stdoutIsTTY: true,
      env: { NO_COLOR: '1' },
    });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toContain('Cart (INR)');
    expect(tty.stdout).toMatch(/\n\s*1,000\.00 +100\.00 +0\.00 +0\.00 +900\.00 +yes\n/);
    expect(tty.stdout).toContain('Ben Okafor');

    const piped = await place([eventId, '--ticket', `${general}:1`, '--attendee', 'Ben Okafor,ben@example.com']);
    expect(piped.code).toBe(0);
    const lines = piped.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(lines.map((cells) => cells[0])).toEqual(['cart', 'order', 'attendee']);
    expect(lines[0]).toEqual(['cart', '1000', '0', '0', '0', '1000', 'no']);
    expect(lines[1]?.[2]).toBe('confirm');
    expect(lines[2]?.slice(3)).toEqual(['Ben Okafor', 'ben@example.com']);
  });

  it('reads attendees from a CSV file, custom questions answered by label', async () => {
    const withQuestions = await createEvent('Questions Meetup');
    const ticket = await addTicket(withQuestions, { name: 'Seat', price: 0, quantity: 10 });
    addQuestions(sandbox.db, Number(withQuestions), [
      { label: 'Company', mandatory: true },
      { label: 'T-shirt size', mandatory: false },
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'boxoffice-attendees-'));
    const file = join(dir, 'people.csv');
    writeFileSync(file, 'name,email,phone,Company,T-shirt size\n"Rao, Asha",asha@example.com,+91 1,Acme,L\nBen,ben@example.com,,Initech,\n');
    try {
      const result = await place([withQuestions, '--ticket', `${ticket}:2`, '--attendees-file', file, '--json']);
      expect(result.stderr).toMatch(ORDER_NUMBER_LINE);
      const attendees = (JSON.parse(result.stdout) as PlacedJson).orderDetails.orderDetails.attendee;
      expect(attendees.map((a) => [a.attendeeName, a.additionalInfo])).toEqual([
        ['Rao, Asha', { Company: 'Acme', 'T-shirt size': 'L' }],
        ['Ben', { Company: 'Initech' }],
      ]);

      const buyer = createClient({ apiUrl: sandbox.url, publisherUrl: sandbox.url, authUrl: sandbox.url, publisherKey: sandbox.tokens.publisher });
      const left = async () => (await buyer.publisher.ticketDetails({ eventId: withQuestions })).tickets[0]?.quantity;
      const before = await left();
      const missing = await place([withQuestions, '--ticket', `${ticket}:1`, '--attendee', 'Cy,cy@example.com']);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(
        /needs answers to mandatory questions: attendee 1: "Company"; .* \(order SBX\d+ was marked failed, so its tickets are released\)\n$/,
      );
      expect(await left()).toBe(before);
      await buyer.close();

      const fake = await place([withQuestions, '--ticket', `${ticket}:1`, '--fake', '--json']);
      expect((JSON.parse(fake.stdout) as PlacedJson).orderDetails.orderDetails.attendee[0]?.additionalInfo).toMatchObject({
        Company: 'Example Labs',
        'T-shirt size': 'M',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('order place on a terminal asks for the attendees not given', () => {
  /** Answers each question when it appears on stderr (the prompts are drawn there). */
  const answering = (replies: Array<[question: string, keys: string]>): RunOptions => ({
    env: { NO_COLOR: '1' },
    stdinIsTTY: true,
    keepStdinOpen: true,
    onStart: ({ stdin, stderr }) => {
      void answerPrompts(
        stderr,
        stdin,
        replies.map(([when, type]) => ({ when, type })),
      );
    },
  });

  it('asks each question of the form, mandatory ones required', async () => {
    const result = await place(
      [eventId, '--ticket', `${general}:2`, '--attendee', 'Given One,given@example.com', '--json'],
      answering([
        ['Attendee 2: Name', '\r'],
        ['an answer is required', 'Dee Ray\r'],
        ['Attendee 2: Email', 'nope\r'],
        ['expected an email address', '\x15dee@example.com\r'],
        ['Attendee 2: Mobile Number (optional)', '\r'],
      ]),
    );
    expect(result.stderr).not.toContain('Attendee 1:');
    expect(result.code).toBe(0);
    const attendees = (JSON.parse(result.stdout) as PlacedJson).orderDetails.orderDetails.attendee;
    expect(attendees.map((a) => [a.attendeeName, a.attendeeEmailId])).toEqual([
      ['Given One', 'given@example.com'],
      ['Dee Ray', 'dee@example.com'],
    ]);
  });

  it('a cancelled question releases the generated order', async () => {
    const buyer = createClient({ apiUrl: sandbox.url, publisherUrl: sandbox.url, authUrl: sandbox.url, publisherKey: sandbox.tokens.publisher });
    const left = async () => (await buyer.publisher.ticketDetails({ eventId })).tickets.find((ticket) => String(ticket.id) === general)?.quantity;
    const before = await left();
    const result = await place([eventId, '--ticket', `${general}:1`], answering([['Attendee 1: Name', '\x03']]));
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(/was marked failed, so its tickets are released/);
    expect(await left()).toBe(before);
    await buyer.close();
  });
});

describe('order place: an order that cannot be completed', () => {
  it('is marked failed when the service refuses the attendees, so its tickets are released', async () => {
    const strict = await createEvent('Strict Form Meetup');
    const ticket = await addTicket(strict, { name: 'Seat', price: 0, quantity: 10 });
    addQuestions(sandbox.db, Number(strict), [{ label: 'Work email', validation: 'email', mandatory: false }]);
    const dir = mkdtempSync(join(tmpdir(), 'boxoffice-attendees-'));
    const file = join(dir, 'people.csv');
    writeFileSync(file, 'name,email,Work email\nAsha,asha@example.com,not-an-address\n');
    const buyer = createClient({ apiUrl: sandbox.url, publisherUrl: sandbox.url, authUrl: sandbox.url, publisherKey: sandbox.tokens.publisher });
    try {
      const result = await place([strict, '--ticket', `${ticket}:1`, '--attendees-file', file]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^order SBX\d+: generated; .*\nerror E002: the service refused the order's data: attendee_1\.q_\d+: not an email address \(order SBX\d+ was marked failed, so its tickets are released\)\n$/,
      );
      expect((await buyer.publisher.ticketDetails({ eventId: strict })).tickets[0]?.quantity).toBe(10);
    } finally {
      await buyer.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('order place on the live profile', () => {
  const live = (answer: string) =>
    place([eventId, '--ticket', `${general}:1`, '--fake', '--json'], {
      env: { BOXOFFICE_PROFILE: 'live', NO_COLOR: '1' },
      stdinIsTTY: true,
      stdin: answer,
    });

  it('asks before ordering, showing the total; "no" orders nothing and exits 1', async () => {
    const buyer = createClient({ apiUrl: sandbox.url, publisherUrl: sandbox.url, authUrl: sandbox.url, publisherKey: sandbox.tokens.publisher });
    const left = async () => (await buyer.publisher.ticketDetails({ eventId })).tickets.find((ticket) => String(ticket.id) === general)?.quantity;
    const before = await left();
    expect(before).toBeGreaterThan(0);
    const declined = await live('n\n');
    expect(declined.stderr).toContain('Place a real order on the live profile for a total of 1,000.00 INR?');
    expect(declined.code, declined.stderr).toBe(1);
    // --json: the failure as a document, not the order.
    expect(JSON.parse(declined.stdout)).toEqual({ error: { code: 'declined', message: 'order not placed', exitCode: 1 } });
    expect(await left()).toBe(before);
    await buyer.close();
  });

  it('"yes" places the order', async () => {
    const accepted = await live('y\n');
    expect(accepted.code).toBe(0);
    expect((JSON.parse(accepted.stdout) as PlacedJson).confirmOrder.orderStatus).toBe('confirm');
  });
});

describe('order place: errors in plain words', () => {
  it('a quantity above the per-order maximum names the ticket and its limits', async () => {
    const result = await place([eventId, '--ticket', `${vip}:5`, '--fake']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`error: ticket ${vip} (VIP) is sold 1 to 4 per order; 5 asked for\n`);
  });

  it('sold out: the last tickets go, then the next order is refused', async () => {
    expect((await place([eventId, '--ticket', `${scarce}:3`, '--fake'])).stderr).toContain(`ticket ${scarce} (Last Seats): only 2 left, 3 asked for`);
    expect((await place([eventId, '--ticket', `${scarce}:2`, '--fake'])).code).toBe(0);
    const soldOut = await place([eventId, '--ticket', `${scarce}:1`, '--fake']);
    expect(soldOut.code).toBe(1);
    expect(soldOut.stderr).toBe(`error: ticket ${scarce} (Last Seats) is sold out\n`);
  });

  it('a ticket the event does not sell lists the tickets it does', async () => {
    const result = await place([eventId, '--ticket', '999999:1', '--fake']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`ticket 999999 is not sold by event ${eventId}; its tickets: ${general} (General), ${vip} (VIP)`);
  });

  it('an event that does not exist', async () => {
    const result = await place(['999999', '--ticket', '1:1', '--fake']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('event 999999 does not exist');
  });

  it("an event code that is not among the account's events", async () => {
    const result = await place(['EZZZZZ', '--ticket', '1:1', '--fake'], { env: { BOXOFFICE_TOKEN: sandbox.tokens.organizer } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error E007: event EZZZZZ not found; list the events with boxoffice event list\n');
  });

  it('--debug traces every step of the flow without the publisher key', async () => {
    const result = await place(['--debug', eventId, '--ticket', `${general}:1`, '--fake']);
    expect(result.code).toBe(0);
    for (const path of ['ticket-details', 'cart-calculation', 'generate-order', 'attendee-form', 'save-attendee', 'confirm-order', 'order-details']) {
      expect(result.stderr).toContain(`/publisher/${path}`);
    }
    expect(result.stderr).not.toContain(sandbox.tokens.publisher);
  });

  it('a wrong publisher key exits 3', async () => {
    const result = await place([eventId, '--ticket', `${general}:1`, '--fake'], { env: { BOXOFFICE_PUBLISHER_KEY: 'not-a-key' } });
    expect(result.code).toBe(3);
    expect(result.stderr).not.toContain('not-a-key');
  });
});

describe('catalog, events search and event details', () => {
  const run = (argv: string[], options: RunOptions = {}) => runInProcess(argv, { ...options, env });

  it('event details shows P5 and P6 together', async () => {
    const result = await run(['event', 'details', eventId]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('event\ttitle\tFlow Test Conf\n');
    expect(result.stdout).toMatch(new RegExp(`^ticket\\t${vip}\\tVIP\\t3000 INR\\t\\d+\\t1–4\\t`, 'm'));
    const json = JSON.parse((await run(['--json', 'event', 'details', eventId])).stdout) as {
      eventDetails: { events: { title: string } };
      ticketDetails: { tickets: unknown[] };
    };
    expect(json.eventDetails.events.title).toBe('Flow Test Conf');
    expect(json.ticketDetails.tickets).toHaveLength(3);
  });

  it('events search finds the event by keyword and city, one page or all', async () => {
    const page = await run(['events', 'search', '--keyword', 'Flow Test', '--city', 'Pune', '--page', '1']);
    expect(page.code).toBe(0);
    expect(page.stdout).toMatch(new RegExp(`^${eventId}\\tFlow Test Conf\\t`, 'm'));
    const all = JSON.parse((await run(['--json', 'events', 'search', '--city', 'Pune', '--all'])).stdout) as { pages: number; events: { id: number }[] };
    expect(all.events.map((event) => String(event.id))).toContain(eventId);
    const none = await run(['events', 'search', '--keyword', 'no such event anywhere']);
    expect(none).toMatchObject({ code: 0, stdout: '' });
  });

  it('catalog segments, categories and topics', async () => {
    const categories = await run(['catalog', 'categories']);
    expect(categories.code).toBe(0);
    expect(categories.stdout).toMatch(/^technology\t/m);
    const segments = await run(['--json', 'catalog', 'segments']);
    expect(segments.code).toBe(0);
    expect((JSON.parse(segments.stdout) as { segments: unknown[] }).segments.length).toBeGreaterThan(0);
    const topics = await run(['catalog', 'topics']);
    expect(topics.code).toBe(0);
    expect(topics.stdout.split('\n')[0]?.split('\t')).toHaveLength(2);
  });
});

describe('order place: flags → options', () => {
  const verb = verbAt('order place', registerOrderPlace);

  it('defaults: status confirm, a generated reference, no --yes', async () => {
    const parsed = await parseVerb(verb, ['order', 'place', '1042', '--ticket', '7:2', '--fake']);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.runs).toEqual([
      expect.objectContaining({
        eventId: '1042',
        attendeeFlags: [],
        attendeesFile: undefined,
        fake: true,
        status: 'confirm',
        referenceNo: undefined,
        yes: false,
      }),
    ]);
    expect(parsed.runs[0]?.tickets).toHaveLength(1);
  });

  it('reads every flag', async () => {
    const parsed = await parseVerb(verb, [
      'order',
      'place',
      '1042',
      '-t',
      '7:1:EARLY',
      '-t',
      '8:1',
      '-a',
      'Asha Rao,asha@example.com,+91 98450 00001',
      '--attendees-file',
      'people.csv',
      '--status',
      'pending',
      '--reference-no',
      ' REF-1 ',
      '--yes',
    ]);
    expect(parsed.runs).toEqual([
      expect.objectContaining({
        attendeeFlags: ['Asha Rao,asha@example.com,+91 98450 00001'],
        attendeesFile: 'people.csv',
        fake: false,
        status: 'pending',
        referenceNo: 'REF-1',
        yes: true,
      }),
    ]);
    expect(parsed.runs[0]?.tickets).toHaveLength(2);
  });

  it.each([
    [['order', 'place', '1042', '--ticket', '7'], '--ticket'],
    [['order', 'place', '1042', '--ticket', '7:2', '--status', 'maybe'], '--status'],
    [['order', 'place', '1042', '--ticket', '7:2', '--reference-no', ' '], '--reference-no'],
  ])('refuses %j with exit 2, naming %s, before running', async (argv, named) => {
    const parsed = await parseVerb(verb, argv);
    expect(parsed).toMatchObject({ code: 2, runs: [] });
    expect(parsed.stderr).toContain(named);
  });
});
