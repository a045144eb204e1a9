// Maps a read-back event (E7, api-reference 2.10) to the parameters E2 update-event accepts, so
// that an update sends the current value of everything the organizer did not name.
import type { OrganizerEvent } from '../../../client/schemas/index.js';
import type { ParamValues } from '../../params.js';
import { splitDateTime } from '../../output/date-time.js';

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** public/private from the reference's `visiblity` boolean (or the sandbox's `eventVisibility`). */
export function visibility(event: OrganizerEvent): string | undefined {
  const named = text(event.eventVisibility);
  if (named === 'public' || named === 'private') return named;
  const flag = event.visiblity;
  if (flag === true || flag === 1 || flag === '1' || flag === 'true') return 'public';
  if (flag === false || flag === 0 || flag === '0' || flag === 'false') return 'private';
  return undefined;
}

export function updateValuesFromEvent(event: OrganizerEvent): ParamValues {
  const start = splitDateTime(event.startDate?.date);
  const end = splitDateTime(event.endDate?.date);
  const candidates: Record<string, string | undefined> = {
    eventType: visibility(event),
    type: text(event.eventType),
    eventTitle: text(event.name),
    url: text(event.url),
    subdomain: text(event.subdomain),
    category: text(event.eventCategory),
    startDate: start?.[0],
    startTime: start?.[1],
    endDate: end?.[0],
    endTime: end?.[1],
    aboutEvent: text(event.description),
    listingImage: text(event.listingImage),
    headerImage: text(event.headerImage) ?? text(event.searchImage),
    contactInfo: text(event.contactInfo),
    country: text(event.country),
    state: text(event.state) ?? text(event.region),
    city: text(event.city),
    postal: text(event.postal),
    address: text(event.address),
  };
  return Object.fromEntries(
    Object.entries(candidates).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}
