// A small stand-in for E11 over loopback HTTP, serving fixed records under either paging
// semantics, with optional E023 refusals. The acceptance tests use the real sandbox; this one
// lets the command be tested against shapes the sandbox does not produce (keyed `attendee`,
// array-of-{label,value} details, refusals with a long Retry-After).
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AttendeeRecord } from '../../src/client/schemas/index.js';
import type { PagingSemantics } from './fixtures.js';

export interface FixtureServerOptions {
  orders: readonly AttendeeRecord[];
  semantics: PagingSemantics;
  /** Send `attendee` as an object keyed by position, as the live service sometimes does. */
  keyed?: boolean;
  /** Refuse with E023 (and this Retry-After, in seconds) when it returns true for a request. */
  refuse?: (fromRecord: number, callIndex: number) => number | undefined;
}

export interface FixtureServer {
  url: string;
  calls: { fromRecord: number; toRecord: number }[];
  close(): Promise<void>;
}

export async function startFixtureServer(options: FixtureServerOptions): Promise<FixtureServer> {
  const calls: { fromRecord: number; toRecord: number }[] = [];
  const app = new Hono();
  app.post('/api/e/attendee-list', async (c) => {
    const body = await c.req.parseBody();
    const fromRecord = Number(body.fromRecord);
    const toRecord = Number(body.toRecord);
    const callIndex = calls.push({ fromRecord, toRecord }) - 1;
    if (c.req.header('authorization') !== 'Bearer fixture-admin-token') {
      return c.json({ status: 'error', message: 'E001', description: 'invalid API key' }, 401);
    }
    const retryAfter = options.refuse?.(fromRecord, callIndex);
    if (retryAfter !== undefined) {
      c.header('Retry-After', String(retryAfter));
      return c.json({ status: 'error', message: 'E023', description: 'too many requests' }, 429);
    }
    let records: readonly AttendeeRecord[];
    if (options.semantics === 'zero-based-offset') {
      records = options.orders.slice(fromRecord, fromRecord + Math.min(50, Math.max(0, toRecord - fromRecord)));
    } else {
      const first = Math.max(1, fromRecord);
      records = options.orders.slice(first - 1, first - 1 + Math.min(50, Math.max(0, toRecord - first + 1)));
    }
    const attendee = options.keyed ? Object.fromEntries(records.map((record, index) => [String(index), record])) : records;
    return c.json({ status: 'success', attendee });
  });
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
