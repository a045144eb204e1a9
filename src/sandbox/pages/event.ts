// The public page of an event (the `url` of get-all-events points here). The organizer's
// description is shown as text: the sandbox does not render stored HTML.
import type { EventRow } from '../db/events.js';
import { escapeHtml, page, plainText } from './html.js';

export function eventPage(event: EventRow): string {
  const when = `${event.start_date} ${event.start_time} – ${event.end_date} ${event.end_time} (UTC)`;
  const where = [event.address, event.city, event.state, event.country].filter(Boolean).join(', ');
  return page(
    `${event.title} — boxoffice sandbox`,
    `<h1>${escapeHtml(event.title)}</h1>
<p>${escapeHtml(when)}</p>
${where ? `<p>${escapeHtml(where)}</p>` : ''}
<p>${escapeHtml(plainText(event.about))}</p>
<p class="note">Contact: ${escapeHtml(event.contact_info)}</p>`,
  );
}

export function eventNotFoundPage(): string {
  return page('No such event — boxoffice sandbox', '<h1>No such event</h1>');
}
