// The read-back mappings on reference-shaped records (2.10, 2.11) without the sandbox's extras.
import { describe, expect, it } from 'vitest';
import { getEventResponse, getTicketsResponse } from '../../src/client/schemas/index.js';
import type { OrganizerEvent, OrganizerTicket } from '../../src/client/schemas/index.js';
import { EVENT_TABLE } from '../../src/client/fields/event.js';
import { readBack } from '../../src/client/fields/read-back.js';
import { TICKET_TABLE } from '../../src/client/fields/ticket.js';
import { asFlagValues } from '../../src/cli/framework/fields.js';

const updateValuesFromEvent = (event: OrganizerEvent) => asFlagValues(readBack(EVENT_TABLE, event));
const updateValuesFromTicket = (ticket: OrganizerTicket) => asFlagValues(readBack(TICKET_TABLE, ticket));

const when = (date: string) => ({ date, timezone_type: 3, timezone: 'Asia/Kolkata' });

describe('event read-back → update-event values', () => {
  it('maps the reference fields: visiblity → eventType, searchImage → headerImage, region → state', () => {
    const { event } = getEventResponse.parse({
      status: 'success',
      event: {
        id: 12,
        name: 'Gala',
        url: 'gala',
        description: '<p>x</p>',
        contactInfo: 'c@x',
        eventCategory: 'music',
        eventStatus: 'published',
        eventType: 'ticketing',
        visiblity: false,
        startDate: when('2030-05-01 18:00:00'),
        endDate: when('2030-05-02 23:30:00'),
        listingImage: 'l.png',
        searchImage: 's.png',
        region: 'MH',
        country: 'India',
        city: null,
        subdomain: null,
      },
    });
    expect(updateValuesFromEvent(event)).toEqual({
      eventType: 'private',
      type: 'ticketing',
      eventTitle: 'Gala',
      url: 'gala',
      category: 'music',
      startDate: '2030-05-01',
      startTime: '18:00',
      endDate: '2030-05-02',
      endTime: '23:30',
      aboutEvent: '<p>x</p>',
      listingImage: 'l.png',
      headerImage: 's.png',
      contactInfo: 'c@x',
      country: 'India',
      state: 'MH',
    });
  });
});

describe('ticket read-back → update-ticket values', () => {
  it('sends active as published, a null price as blank, and leaves serviceFee out (never returned)', () => {
    const { tickets } = getTicketsResponse.parse({
      status: 'success',
      tickets: [
        {
          id: 34,
          typeName: 'Early',
          typeDesc: 'first 100',
          price: null,
          includeFee: 0,
          quantity: '100',
          initialQuantity: 100,
          availableFrom: when('2030-01-01 09:00:00'),
          availableTo: when('2030-04-30 20:00:00'),
          maxQuantity: 10,
          minQuantity: 1,
          allowCancel: true,
          status: 'active',
          currency: 'INR',
          shippingCharge: null,
          shippingType: 'INR',
          eventId: '12',
        },
      ],
    });
    const values = updateValuesFromTicket(tickets[0]);
    expect(values).toEqual({
      ticketName: 'Early',
      ticketDescription: 'first 100',
      price: '',
      currency: 'INR',
      quantity: '100',
      status: 'published',
      startDate: '2030-01-01',
      startTime: '09:00',
      endDate: '2030-04-30',
      endTime: '20:00',
      minQuantity: '1',
      maxQuantity: '10',
      allowCancellation: 'true',
      shippingChargeType: 'INR',
    });
    expect(values).not.toHaveProperty('serviceFee');
    expect(updateValuesFromTicket({ ...tickets[0], status: 'pause' }).status).toBe('pause');
  });
});
