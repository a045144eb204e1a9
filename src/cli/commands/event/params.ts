// The parameters of E1 create-event and E2 update-event, as flags.
import { EVENT_CATEGORIES, EVENT_TYPES, EVENT_VISIBILITIES } from '../../../client/schemas/values.js';
import type { ParamSpec } from '../../params.js';

export const EVENT_ID_PARAM: ParamSpec = { name: 'eventId', description: 'event id', positional: 'EVENT_ID', required: true };

const SEGMENT: ParamSpec = { name: 'segment', description: 'segment of the catalogue (see boxoffice catalog segments)', required: true };
const TOPICS: ParamSpec = { name: 'topics', description: 'topics, comma-separated (see boxoffice catalog topics)' };

/** E1 and E2 share these; every one is required by E1 unless marked optional in the reference. */
const SHARED: ParamSpec[] = [
  { name: 'eventType', description: 'who can find it', kind: 'enum', choices: EVENT_VISIBILITIES, required: true },
  { name: 'type', description: 'kind of event', kind: 'enum', choices: EVENT_TYPES, required: true },
  { name: 'eventTitle', description: 'title', required: true },
  { name: 'url', description: 'preferred address of the event page (a slug, e.g. spring-gala)', required: true },
  { name: 'subdomain', description: 'event subdomain' },
  { name: 'category', description: 'category', kind: 'enum', choices: EVENT_CATEGORIES, required: true },
  { name: 'startDate', description: 'first day', kind: 'date', required: true },
  { name: 'endDate', description: 'last day', kind: 'date', required: true },
  { name: 'startTime', description: 'start time', kind: 'time', required: true },
  { name: 'endTime', description: 'end time', kind: 'time', required: true },
  { name: 'aboutEvent', description: 'event details (HTML allowed)', required: true },
  { name: 'listingImage', description: 'address of the listing image (https://…)', required: true },
  { name: 'headerImage', description: 'address of the header image (https://…)', required: true },
  { name: 'contactInfo', description: 'organizer contact (e-mail address or phone)', required: true },
  { name: 'country', description: 'country' },
  { name: 'state', description: 'state or region' },
  { name: 'city', description: 'city' },
  { name: 'postal', description: 'postal code' },
  { name: 'address', description: 'street address' },
];

/**
 * What a new event's values must look like, checked on the flags and at the prompt (asked again
 * when wrong). Not on update: what the service reads back (a full page address, an image path)
 * need not have these shapes.
 */
const CREATE_KINDS: Readonly<Record<string, ParamSpec['kind']>> = { url: 'slug', listingImage: 'url', headerImage: 'url', contactInfo: 'contact' };

export const CREATE_EVENT_PARAMS: ParamSpec[] = [
  ...SHARED.slice(0, 5),
  SEGMENT,
  SHARED[5],
  TOPICS,
  ...SHARED.slice(6),
].map((spec) => (CREATE_KINDS[spec.name] === undefined ? spec : { ...spec, kind: CREATE_KINDS[spec.name] }));

/** E2 takes E1's parameters but segment and topics; what is not given is read back first. */
export const UPDATE_EVENT_PARAMS: ParamSpec[] = [EVENT_ID_PARAM, ...SHARED];
