// The fields of E1 create-event and E2 update-event, and how get-event (2.10) returns them.
import { EVENT_CATEGORIES, EVENT_TYPES, EVENT_VISIBILITIES } from '../schemas/values.js';
import { endAfterStart, type ResourceTable } from './table.js';

export const EVENT_ID = { name: 'eventId', kind: 'id', help: 'event id', positional: 'EVENT_ID', required: true } as const;

export const EVENT_TABLE = {
  resource: 'event',
  fields: [
    { ...EVENT_ID, on: 'update' },
    {
      name: 'eventType',
      kind: 'enum',
      help: 'who can find it',
      choices: EVENT_VISIBILITIES,
      required: true,
      read: { from: ['eventVisibility', 'visiblity'], truth: ['public', 'private'] },
    },
    { name: 'type', kind: 'enum', help: 'kind of event', choices: EVENT_TYPES, required: true, read: { from: 'eventType' } },
    { name: 'eventTitle', help: 'title', required: true, read: { from: 'name' } },
    {
      name: 'url',
      help: 'preferred address of the event page (a slug, e.g. spring-gala)',
      required: true,
      format: 'slug',
      proposal: { from: 'eventTitle', as: 'slug' },
      read: { from: 'url' },
    },
    { name: 'subdomain', help: 'event subdomain', read: { from: 'subdomain' } },
    { name: 'segment', help: 'segment of the catalogue', catalogue: 'segments', required: true, on: 'create' },
    { name: 'category', kind: 'enum', help: 'category', choices: EVENT_CATEGORIES, required: true, read: { from: 'eventCategory' } },
    { name: 'topics', help: 'topics, comma-separated', catalogue: 'topics', on: 'create' },
    { name: 'startDate', kind: 'date', help: 'first day', required: true, read: { from: 'startDate' } },
    { name: 'endDate', kind: 'date', help: 'last day', required: true, proposal: { from: 'startDate', as: 'copy' }, read: { from: 'endDate' } },
    { name: 'startTime', kind: 'time', help: 'start time', required: true, read: { from: 'startDate' } },
    { name: 'endTime', kind: 'time', help: 'end time', required: true, read: { from: 'endDate' } },
    { name: 'aboutEvent', help: 'event details (HTML allowed)', required: true, read: { from: 'description' } },
    { name: 'listingImage', help: 'address of the listing image (https://…)', required: true, format: 'url', read: { from: 'listingImage' } },
    { name: 'headerImage', help: 'address of the header image (https://…)', required: true, format: 'url', read: { from: ['headerImage', 'searchImage'] } },
    { name: 'contactInfo', help: 'organizer contact (e-mail address or phone)', required: true, format: 'contact', read: { from: 'contactInfo' } },
    { name: 'country', help: 'country', read: { from: 'country' } },
    { name: 'state', help: 'state or region', read: { from: ['state', 'region'] } },
    { name: 'city', help: 'city', read: { from: 'city' } },
    { name: 'postal', help: 'postal code', read: { from: 'postal' } },
    { name: 'address', help: 'street address', read: { from: 'address' } },
  ],
  rules: [endAfterStart],
} as const satisfies ResourceTable;
