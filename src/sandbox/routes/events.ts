// E1 /api/e/create and E2 /api/e/update.
import type * as z from 'zod';
import { createEventRequest, updateEventRequest } from '../../client/schemas/index.js';
import { requireAccessToken } from '../auth.js';
import type { SandboxApp, SandboxContext } from '../context.js';
import { insertEvent, subdomainTakenByOther, updateEventRow, urlTaken, type EventRow } from '../db/events.js';
import { SandboxError, fieldError } from '../errors.js';
import { readForm, validate, type FieldCodes, type FormFields } from '../request.js';
import { utcDate } from '../time.js';
import { eventFor } from './access.js';
import { segmentOfCategory } from './publisher-catalogue.js';

const EVENT_FIELD_CODES: FieldCodes = {
  missing: { category: 'E021', url: 'E024' },
  invalid: { startDate: 'E017', startTime: 'E017', endDate: 'E018', endTime: 'E018', category: 'E021' },
  rule: { endDate: 'E003' },
};

const URL_SLUG = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The event's address part, lower-cased; refused (E024) unless it is a slug of ≤ 100 characters. */
function eventSlug(url: string): string {
  const slug = url.trim().toLowerCase();
  if (slug.length > 100 || !URL_SLUG.test(slug)) {
    throw new SandboxError('E024', {
      description: 'url must be an address part of letters, digits, "-" and "_" (at most 100 characters)',
      field: 'url',
    });
  }
  return slug;
}

function subdomainOf(subdomain: string | undefined): string | null {
  if (subdomain === undefined || subdomain.trim() === '') return null;
  const value = subdomain.trim().toLowerCase();
  if (!SUBDOMAIN.test(value)) throw fieldError('subdomain', 'expected letters, digits and "-" (at most 63)');
  return value;
}

/** E004: a start date that is set or changed must be today or later. */
export function assertStartNotPast(startDate: string, now: Date): void {
  if (startDate < utcDate(now)) {
    throw new SandboxError('E004', { description: `startDate ${startDate} is before today (${utcDate(now)}, UTC)`, field: 'startDate' });
  }
}

/**
 * The columns create and update set alike: kind, title, schedule, page content and place, each
 * part of the place as given, else as `stored` (an update), else null.
 */
function sharedColumns(request: z.output<typeof createEventRequest> | z.output<typeof updateEventRequest>, stored?: EventRow) {
  return {
    event_type: request.eventType,
    type: request.type,
    title: request.eventTitle,
    category: request.category,
    start_date: request.startDate,
    start_time: request.startTime,
    end_date: request.endDate,
    end_time: request.endTime,
    about: request.aboutEvent,
    listing_image: request.listingImage,
    header_image: request.headerImage,
    contact_info: request.contactInfo,
    country: request.country ?? stored?.country ?? null,
    state: request.state ?? stored?.state ?? null,
    city: request.city ?? stored?.city ?? null,
    postal: request.postal ?? stored?.postal ?? null,
    address: request.address ?? stored?.address ?? null,
  };
}

/**
 * With --quirks, a create-event without `segment` gets its category's: the service's own library
 * never sends one. The reference requires it.
 */
function withSegment(fields: FormFields, quirks: boolean): FormFields {
  if (!quirks || (fields.segment ?? '').trim() !== '') return fields;
  const segment = segmentOfCategory(fields.category ?? '');
  return segment === undefined ? fields : { ...fields, segment };
}

export function registerEventRoutes(app: SandboxApp, context: SandboxContext): void {
  const auth = requireAccessToken(context);
  const { db, clock } = context;

  app.post('/api/e/create', auth, async (c) => {
    const request = validate(createEventRequest, withSegment(await readForm(c), context.quirks), EVENT_FIELD_CODES);
    const account = c.get('account');
    const now = clock.now();
    const url = eventSlug(request.url);
    const subdomain = subdomainOf(request.subdomain);
    assertStartNotPast(request.startDate, now);
    const eventId = db.transaction(() => {
      if (urlTaken(db, url)) throw new SandboxError('E006', { field: 'url' });
      if (subdomain && subdomainTakenByOther(db, subdomain, account.id)) throw new SandboxError('E005', { field: 'subdomain' });
      return insertEvent(db, account.id, { ...sharedColumns(request), url, subdomain, segment: request.segment, topics: request.topics ?? null }, now);
    })();
    return c.json({ status: 'success', message: 'S001', eventId: String(eventId) });
  });

  app.post('/api/e/update', auth, async (c) => {
    const request = validate(updateEventRequest, await readForm(c), EVENT_FIELD_CODES);
    const account = c.get('account');
    const now = clock.now();
    const event: EventRow = eventFor(db, account, request.eventId, 'write');
    const url = eventSlug(request.url);
    const subdomain = request.subdomain === undefined ? event.subdomain : subdomainOf(request.subdomain);
    if (request.startDate !== event.start_date) assertStartNotPast(request.startDate, now);
    db.transaction(() => {
      if (urlTaken(db, url, event.id)) throw new SandboxError('E009', { field: 'url' });
      if (subdomain && subdomainTakenByOther(db, subdomain, account.id)) throw new SandboxError('E005', { field: 'subdomain' });
      updateEventRow(db, event.id, { ...sharedColumns(request, event), url, subdomain }, now);
    })();
    return c.json({ status: 'success', message: 'S002', eventId: String(event.id) });
  });
}
