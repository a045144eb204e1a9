// GET /e/:url — the public page of an event, by its address part.
import type { Context } from 'hono';
import type { SandboxApp, SandboxContext } from '../context.js';
import type { EventRow } from '../db/events.js';
import { eventNotFoundPage, eventPage } from '../pages/event.js';

/** The scheme, host and port the request came to: what the addresses in answers start with. */
export function requestOrigin(c: Context): string {
  return new URL(c.req.url).origin;
}

/** The address of an event's public page, served below: what every answer naming the page gives. */
export function eventPageUrl(origin: string, slug: string): string {
  return `${origin}/e/${encodeURIComponent(slug)}`;
}

export function registerEventPageRoutes(app: SandboxApp, context: SandboxContext): void {
  const bySlug = context.db.prepare(`SELECT * FROM events WHERE url = ?`);
  app.get('/e/:url', (c) => {
    const event = bySlug.get(c.req.param('url')) as EventRow | undefined;
    return event ? c.html(eventPage(event)) : c.html(eventNotFoundPage(), 404);
  });
}
