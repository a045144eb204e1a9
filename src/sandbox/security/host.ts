// DNS rebinding defence: a page on attacker.example that resolves its own name to 127.0.0.1
// reaches the sandbox with `Host: attacker.example:PORT`. Only the address and port the request
// arrived on (or localhost with that port) are accepted; anything else is 421 Misdirected Request.
// Hono ships no host check (its ip-restriction middleware looks at the client address), so this
// is the one comparison it needs.
import type { Context, MiddlewareHandler } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { SandboxError } from '../errors.js';

/** The TCP socket a request arrived on, when it came through the Node server. */
export function requestSocket(c: Context): HttpBindings['incoming']['socket'] | undefined {
  return (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket;
}

/** The Host values a request that arrived on this local address and port may carry. */
function allowedHostValues(localAddress: string, localPort: number): string[] {
  const address = localAddress.includes(':') ? `[${localAddress}]` : localAddress;
  return [`${address}:${localPort}`, `localhost:${localPort}`];
}

export function refuseForeignHost(): MiddlewareHandler {
  return async (c, next) => {
    const socket = requestSocket(c);
    const host = (c.req.header('host') ?? '').toLowerCase();
    const allowed = socket?.localAddress && socket.localPort ? allowedHostValues(socket.localAddress, socket.localPort) : [];
    if (!allowed.includes(host)) {
      throw new SandboxError('WRONG_HOST', {
        description: `the Host header ${JSON.stringify(host.slice(0, 100))} is not this sandbox's address (${allowed.join(' or ') || 'unknown'})`,
        field: 'Host',
      });
    }
    await next();
  };
}
