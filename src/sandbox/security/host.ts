// DNS rebinding defence: a page on attacker.example resolving its name to 127.0.0.1 reaches the
// sandbox with `Host: attacker.example:PORT`. Only the address and port the request arrived on (or
// localhost with that port) are accepted, else 421 (Hono has no host check).
import type { Context, MiddlewareHandler } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { SandboxError } from '../errors.js';

/** The TCP socket a request arrived on, when it came through the Node server. */
export function requestSocket(c: Context): HttpBindings['incoming']['socket'] | undefined {
  return (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket;
}

export function refuseForeignHost(): MiddlewareHandler {
  return async (c, next) => {
    const socket = requestSocket(c);
    const host = (c.req.header('host') ?? '').toLowerCase();
    const { localAddress, localPort } = socket ?? {};
    const address = localAddress?.includes(':') ? `[${localAddress}]` : localAddress;
    const allowed = address && localPort ? [`${address}:${localPort}`, `localhost:${localPort}`] : [];
    if (!allowed.includes(host)) {
      throw new SandboxError('WRONG_HOST', {
        description: `the Host header ${JSON.stringify(host.slice(0, 100))} is not this sandbox's address (${allowed.join(' or ') || 'unknown'})`,
        field: 'Host',
      });
    }
    await next();
  };
}
