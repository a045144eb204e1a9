// A small loopback HTTP server for the client's integration tests: it answers each documented
// path with a sample body in the reference's shapes, records every request as received (method,
// path, query, headers, raw body and the form fields read back from it), and can be scripted
// per path: a queue of replies consumed in order, including "drop the connection after reading
// the request" and "never answer". Also a CONNECT proxy that records the tunnels it opens.
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import { type Socket, connect } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  /** The body's form fields (multipart or urlencoded), read back as a receiver would. */
  fields: Record<string, string>;
}

export type FixtureReply =
  | { status?: number; headers?: Record<string, string>; body?: unknown }
  | { drop: true }
  /** Never answer (until the server closes): for timeouts. `held` is called once the request is being held. */
  | { hang: true; held?: () => void };

export type FixtureHandler = (request: RecordedRequest) => FixtureReply;

export interface FixtureServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Replies for `path`, used one per request before the default handler answers again. */
  enqueue(path: string, ...replies: FixtureReply[]): void;
  requestsTo(path: string): RecordedRequest[];
  close(): Promise<void>;
}

const ok = (fields: Record<string, unknown>): FixtureReply => ({ body: { status: 'success', ...fields } });

const dateTime = (date: string) => ({ date, timezone_type: 3, timezone: 'Asia/Kolkata' });

/** Sample success bodies in the shapes of api-reference §2 and §4. */
const SAMPLE_BODIES: Record<string, FixtureReply> = {
  '/api/e/create': ok({ message: 'S001', eventId: '101' }),
  '/api/e/update': ok({ message: 'S002', eventId: '101' }),
  '/api/e/add-ticket': ok({ message: 'S003', ticketId: '201' }),
  '/api/e/update-ticket': ok({ message: 'S003', ticketId: '201' }),
  '/api/e/add-discount': ok({ message: 'S004', discountId: '301' }),
  '/api/e/update-discount': ok({ message: 'S004', discountId: '301' }),
  '/api/e/get-event': ok({
    event: {
      id: 101,
      name: 'Launch',
      url: 'launch',
      description: '<p>x</p>',
      contactInfo: 'c',
      eventCategory: 'music',
      eventStatus: 'published',
      eventType: 'ticketing',
      visiblity: true,
      startDate: dateTime('2030-01-01 10:00:00'),
      endDate: dateTime('2030-01-01 18:00:00'),
      publishedDate: dateTime('2029-12-01 09:00:00'),
      auditCreated: dateTime('2029-12-01 09:00:00'),
      listingImage: 'https://img/l.png',
      searchImage: 'https://img/s.png',
      region: 'IN',
      country: 'India',
      accountId: '7',
      isFree: null,
    },
  }),
  '/api/e/get-tickets': ok({
    tickets: [
      {
        id: 201,
        typeName: 'General',
        typeDesc: '',
        price: 100,
        includeFee: 0,
        quantity: 50,
        initialQuantity: 50,
        availableFrom: dateTime('2029-12-01 00:00:00'),
        availableTo: dateTime('2030-01-01 10:00:00'),
        maxQuantity: 10,
        minQuantity: 1,
        allowCancel: false,
        status: 'active',
        currency: 'INR',
        shippingCharge: null,
        shippingType: null,
        eventId: '101',
        bibNo: null,
      },
    ],
  }),
  '/api/e/get-all-events': ok({
    events: [
      {
        eventId: '101',
        eventType: 'public',
        type: 'ticketing',
        eventTitle: 'Launch',
        actualUrl: 'launch',
        url: 'https://e/launch',
        mobileUrl: 'https://m/launch',
        subdomain: null,
        category: 'music',
        startDate: '2030-01-01',
        endDate: '2030-01-01',
        startTime: '10:00:00',
        endTime: '18:00:00',
        aboutEvent: '<p>x</p>',
        shortDescription: 'x',
        listingImage: null,
        headerImage: null,
        terms: '',
        createdOn: '2029-12-01 09:00:00',
        status: 'published',
      },
    ],
  }),
  '/api/e/get-report': ok({
    amount: 200,
    platformFee: 10,
    cancel: 0,
    tickets: [{ ticketId: '201', ticketName: 'General', tickets: 2, platformFee: '10', cancel: '0' }],
  }),
  '/api/e/attendee-list': ok({
    attendee: [
      {
        orderNo: 'ORD1',
        orderCost: 200,
        quantity: 2,
        status: 'success',
        paidBy: 'guest',
        paidTo: null,
        refundAmount: null,
        city: 'Pune',
        state: null,
        country: 'India',
        address: null,
        zipcode: null,
        phoneNo: '99',
        purchaseDate: dateTime('2029-12-05 12:00:00'),
        name: 'Buyer',
        email: 'b@example.test',
        attendee: [
          { ticketName: 'General', ticketId: '201', name: 'A', email: 'a@example.test', checkin: 'no', ticketNo: 'T1', status: 'attending', details: [] },
        ],
      },
    ],
  }),
  '/api/e/get-booking-list': ok({ bookings: [{ orderNo: 'B1', amount: 100, currency: 'INR', status: 'success' }] }),
  '/publisher/segments': ok({
    segments: [
      { segmentId: 'arts', segmentName: 'Arts', category: [{ categoryId: 'music', categoryName: 'Music', topics: [{ topicId: 'jazz', topicName: 'Jazz' }] }] },
    ],
  }),
  '/publisher/categories': ok({ categories: { music: 'Music' } }),
  '/publisher/topics': ok({ topics: { arts: ['Jazz'] } }),
  '/publisher/events': ok({
    events: [
      {
        id: 101,
        title: 'Launch',
        url: 'https://e/launch',
        textDescription: 'x',
        smallImage: 's',
        largeImage: 'l',
        startDateFormat: '2030-01-01',
        endDateFormat: '2030-01-01',
        startDate: 'Tue, 01 Jan 2030',
        endDate: 'Tue, 01 Jan 2030',
        startTime: '10:00 AM',
        endTime: '06:00 PM',
        startDateTime: '2030-01-01 10:00:00',
        endDateTime: '2030-01-01 18:00:00',
        category: 'music',
        topics: null,
        type: 'ticketing',
        city: 'Pune',
        state: '',
        venueName: 'Hall',
        address: 'Road 1',
        country: 'India',
        zipcode: null,
        currency: 'INR',
        minPrice: '100',
      },
    ],
  }),
  '/publisher/event-details': ok({
    events: {
      id: 101,
      title: 'Launch',
      url: 'https://e/launch',
      smallImage: 's',
      largeImage: 'l',
      startDate: '2030-01-01',
      endDate: '2030-01-01',
      startTime: '10:00',
      endTime: '18:00',
      createdOn: '2029-12-01 09:00:00',
      category: 'music',
      type: 'ticketing',
      contactInfo: 'c',
      images: null,
      eventTopics: [],
      topics: ['jazz'],
      textDescription: 'x',
      shortDescription: 'x',
      contactDetails: 'c',
      isAttendeeFormEnabled: 'yes',
      enquiryForm: 'no',
      showButton: 'yes',
      eventSessionType: 'single',
      Location: [],
      currency: 'INR',
      price: '100',
      microblogLink: null,
      email: 'org@example.test',
    },
    tabs: [],
    soldout: 'no',
    favourite: 'no',
  }),
  '/publisher/ticket-details': ok({
    tickets: [
      {
        id: 201,
        eventId: '101',
        name: 'General',
        description: '',
        price: 100,
        quantity: 50,
        startDate: '2029-12-01',
        endDate: '2030-01-01',
        startTime: '00:00:00',
        endTime: '10:00:00',
        minQuantity: 1,
        maxQuantity: 10,
        status: 'published',
        availability: 'Available',
        currency: 'INR',
        discounts: [],
      },
    ],
    currency: 'INR',
  }),
  '/publisher/cart-calculation': ok({ cart: { price: 200, discount: 0, processingFee: 4, serviceTax: 1, grandTotal: 205, codeApplied: false } }),
  '/publisher/generate-order': ok({ orderNo: 'ORD1', platformFee: 4, ticketCost: 200 }),
  '/publisher/attendee-form': ok({
    attendeeForm: {
      attendee_1: [
        { id: 'default_1', type: 'Text', label: 'Name', description: '', validation: '', mandatory: true },
        { id: 'default_2', type: 'Text', label: 'Email', description: '', validation: 'email', mandatory: true },
      ],
    },
  }),
  '/publisher/save-attendee': ok({ message: 'saved', orderNo: 'ORD1' }),
  '/publisher/confirm-order': ok({ message: 'confirmed', orderNo: 'ORD1', orderStatus: 'confirm' }),
  '/publisher/order-details': ok({
    orderNo: 'ORD1',
    orderDetails: {
      eventId: 101,
      eventName: 'Launch',
      orderNo: 'ORD1',
      datePurchased: '2029-12-05',
      quantity: 1,
      ticketCost: 100,
      paidAmount: 105,
      orderStatus: 'confirm',
      buyerName: 'Buyer',
      buyerEmail: 'b@example.test',
      buyerPhoneNo: '99',
      attendee: [
        {
          ticketId: 201,
          ticketName: 'General',
          ticketNo: 'T1',
          seatNo: null,
          bibNo: null,
          attendeeName: 'A',
          attendeeEmailId: 'a@example.test',
          additionalInfo: { Name: 'A' },
        },
      ],
    },
  }),
  '/a/account/oauth/token': { body: { access_token: 'issued-access-token-123', token_type: 'Bearer', expires_in: 7_776_000 } },
};

async function readFields(contentType: string, rawBody: Buffer): Promise<Record<string, string>> {
  if (!/multipart\/form-data|application\/x-www-form-urlencoded/.test(contentType)) return {};
  const form = await new Response(rawBody, { headers: { 'content-type': contentType } }).formData();
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) fields[name] = String(value);
  return fields;
}

export async function startFixtureServer(handler?: FixtureHandler): Promise<FixtureServer> {
  const requests: RecordedRequest[] = [];
  const queues = new Map<string, FixtureReply[]>();
  const sockets = new Set<Socket>();

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://fixture');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      rawBody,
      fields: await readFields(String(req.headers['content-type'] ?? ''), rawBody),
    };
    requests.push(recorded);
    const queued = queues.get(recorded.path)?.shift();
    const reply = queued ?? handler?.(recorded) ?? SAMPLE_BODIES[recorded.path] ?? { status: 404, body: { status: 'error', message: 'HTTP 404' } };
    if ('drop' in reply) {
      req.socket.destroy();
      return;
    }
    if ('hang' in reply) {
      reply.held?.();
      return;
    }
    const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
    res.writeHead(reply.status ?? 200, { 'content-type': typeof reply.body === 'string' ? 'text/html' : 'application/json', ...reply.headers });
    res.end(body);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    enqueue(path, ...replies) {
      queues.set(path, [...(queues.get(path) ?? []), ...replies]);
    },
    requestsTo: (path) => requests.filter((request) => request.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface FixtureProxy {
  url: string;
  /** `host:port` of every CONNECT tunnel requested. */
  tunnels: string[];
  close(): Promise<void>;
}

/** An HTTP CONNECT proxy that sends every tunnel to 127.0.0.1 at the requested port. */
export async function startFixtureProxy(): Promise<FixtureProxy> {
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((_req, res) => {
    res.writeHead(405).end();
  });
  server.on('connect', (req, clientSocket: Socket, head: Buffer) => {
    const target = req.url ?? '';
    tunnels.push(target);
    sockets.add(clientSocket);
    const port = Number(target.split(':').pop());
    const upstream = connect(port, '127.0.0.1', () => {
      clientSocket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(clientSocket);
      clientSocket.pipe(upstream);
    });
    sockets.add(upstream);
    const end = () => {
      upstream.destroy();
      clientSocket.destroy();
    };
    upstream.on('error', end);
    clientSocket.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
