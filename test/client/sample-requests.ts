// Valid requests for every operation, as a library caller would write them.
import type {
  AddDiscountRequest,
  AddTicketRequest,
  CartData,
  CreateEventRequest,
  SaveAttendeeData,
  UpdateDiscountRequest,
  UpdateEventRequest,
  UpdateTicketRequest,
} from '../../src/client/index.js';

export const createEvent: CreateEventRequest = {
  eventType: 'public',
  type: 'ticketing',
  eventTitle: 'Launch night',
  url: 'launch-night',
  segment: 'arts',
  category: 'music',
  topics: 'jazz',
  startDate: '2030-01-01',
  endDate: '2030-01-01',
  startTime: '10:00',
  endTime: '18:00',
  aboutEvent: '<p>Music & more</p>',
  listingImage: 'https://img.example.test/l.png',
  headerImage: 'https://img.example.test/h.png',
  contactInfo: 'org@example.test',
  city: 'Pune',
};

export const updateEvent: UpdateEventRequest = {
  eventId: '101',
  eventType: 'public',
  type: 'ticketing',
  eventTitle: 'Launch night (moved)',
  url: 'launch-night',
  category: 'music',
  startDate: '2030-01-02',
  endDate: '2030-01-02',
  startTime: '11:00',
  endTime: '19:00',
  aboutEvent: 'x',
  listingImage: 'https://img.example.test/l.png',
  headerImage: 'https://img.example.test/h.png',
  contactInfo: 'org@example.test',
};

export const addTicket: AddTicketRequest = {
  eventId: '101',
  ticketName: 'General',
  price: 100,
  currency: 'INR',
  quantity: 50,
  status: 'active',
  serviceFee: 2,
  allowCancellation: false,
  maxQuantity: 4,
};

export const updateTicket: UpdateTicketRequest = {
  ...addTicket,
  ticketId: '201',
  status: 'pause',
  shippingCharge: 5,
  shippingChargeType: 'INR',
};

export const addDiscount: AddDiscountRequest = {
  eventId: '101',
  ticketId: '201',
  discountCategory: 'code',
  discount: 10,
  discountType: 'percentage',
  code: 'EARLY10',
};

export const updateDiscount: UpdateDiscountRequest = {
  eventId: '101',
  discountId: '301',
  discountCategory: 'bulk',
  discount: 50,
  discountType: 'fixed',
  fromQuantity: 2,
  toQuantity: 5,
};

export const cart: CartData = { eventId: 101, tickets: [{ ticketId: 201, quantity: 2, discountCode: '' }] };

export const attendees: SaveAttendeeData = {
  orderNo: 'ORD1',
  attendees: {
    attendee_1: [
      { id: 'default_1', label: 'Name', value: 'Asha' },
      { id: 'default_2', label: 'Email', value: 'asha@example.test' },
    ],
  },
};
