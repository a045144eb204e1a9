// Publisher API response shapes (event, ticket and discount details) from database rows.
import { saleWindow, ticketsLeft, type DiscountRow, type EventRow, type TicketRow } from '../db/events.js';
import type { SearchRow } from './publisher-store.js';
import { sqlDateTime, withSeconds } from '../time.js';
import { plainText } from '../pages/html.js';
import { textFields } from '../text-fields.js';
import { eventPageUrl } from './event-page.js';
import { roundMoney } from '../../util/money.js';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** yyyy-mm-dd → "Sat, 10 Jan 2030" (weekday, day, abbreviated month, year). */
function humanDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${String(day).padStart(2, '0')} ${MONTHS[month - 1]} ${year}`;
}

/** HH:MM → "07:30 PM". */
function twelveHourTime(time: string): string {
  const [hours, minutes] = time.split(':').map(Number);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${String(hour12).padStart(2, '0')}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

function topicList(topics: string | null): string[] {
  return (topics ?? '')
    .split(',')
    .map((topic) => topic.trim())
    .filter(Boolean);
}

/** 2.3 event summary. */
export function buildEventSummary(row: SearchRow, origin: string) {
  const topics = topicList(row.topics);
  return {
    id: row.id,
    title: row.title,
    url: eventPageUrl(origin, row.url),
    textDescription: plainText(row.about),
    smallImage: row.listing_image,
    largeImage: row.header_image,
    startDateFormat: row.start_date,
    endDateFormat: row.end_date,
    startDate: humanDate(row.start_date),
    endDate: humanDate(row.end_date),
    startTime: twelveHourTime(row.start_time),
    endTime: twelveHourTime(row.end_time),
    startDateTime: `${row.start_date} ${withSeconds(row.start_time)}`,
    endDateTime: `${row.end_date} ${withSeconds(row.end_time)}`,
    category: row.category,
    topics: topics.length ? topics : null,
    type: row.type,
    ...textFields(row, { city: 'city', state: 'state', venueName: 'address', address: 'address', country: 'country' }),
    zipcode: row.postal ?? null,
    currency: row.currency ?? 'INR',
    minPrice: String(roundMoney(row.min_price)),
  };
}

/** 2.4 event details (the `events` object). */
export function eventDetails(row: EventRow, extras: { origin: string; organizerEmail: string; currency: string; minPrice: number }) {
  const topics = topicList(row.topics);
  return {
    id: row.id,
    title: row.title,
    url: eventPageUrl(extras.origin, row.url),
    smallImage: row.listing_image,
    largeImage: row.header_image,
    startDate: row.start_date,
    endDate: row.end_date,
    startTime: row.start_time.slice(0, 5),
    endTime: row.end_time.slice(0, 5),
    createdOn: sqlDateTime(row.created_on),
    category: row.category,
    type: row.type,
    contactInfo: row.contact_info,
    images: null,
    eventTopics: topics.map((topic) => ({ topicId: topic, topicName: topic })),
    topics,
    textDescription: row.about,
    shortDescription: plainText(row.about).slice(0, 200),
    contactDetails: row.contact_info,
    isAttendeeFormEnabled: 'yes',
    enquiryForm: 'no',
    showButton: 'yes',
    eventSessionType: 'single',
    Location: [textFields(row, { venueName: 'address', address: 'address', city: 'city', state: 'state', country: 'country', zipcode: 'postal' })],
    currency: extras.currency,
    price: String(roundMoney(extras.minPrice)),
    microblogLink: null,
    socialNetworkLink: null,
    professionalNetworkLink: null,
    searchPortalId: null,
    blog: null,
    email: extras.organizerEmail,
  };
}

/** Whether a ticket can be bought now, and if not, why (2.5 availability). */
export function ticketAvailability(ticket: TicketRow, now: string): 'Available' | 'Sold Out' | 'Paused' | 'Not Yet Available' | 'Sales Ended' {
  if (ticket.status === 'pause') return 'Paused';
  const { startsAt, endsAt } = saleWindow(ticket);
  if (now < startsAt) return 'Not Yet Available';
  if (now > endsAt) return 'Sales Ended';
  if (ticketsLeft(ticket) === 0) return 'Sold Out';
  return 'Available';
}

/** Public view of a discount: automatic ones only (a code discount's code is not published). */
function publicDiscount(discount: DiscountRow) {
  return {
    discountId: String(discount.id),
    discountName: discount.name ?? '',
    discountCategory: discount.category,
    discountType: discount.type,
    discount: discount.amount,
    fromQuantity: discount.from_quantity,
    toQuantity: discount.to_quantity,
    startDate: discount.start_date,
    endDate: discount.end_date,
  };
}

/** 2.5 ticket. `quantity` is what is left to buy. */
export function ticketDetails(ticket: TicketRow, discounts: readonly DiscountRow[], now: string) {
  return {
    id: ticket.id,
    eventId: String(ticket.event_id),
    name: ticket.name,
    description: ticket.description ?? '',
    price: ticket.price ?? 0,
    quantity: ticketsLeft(ticket),
    startDate: ticket.start_date,
    endDate: ticket.end_date,
    startTime: withSeconds(ticket.start_time),
    endTime: withSeconds(ticket.end_time),
    minQuantity: ticket.min_quantity,
    maxQuantity: ticket.max_quantity,
    status: ticket.status === 'active' ? 'published' : ticket.status,
    availability: ticketAvailability(ticket, now),
    currency: ticket.currency,
    discounts: discounts.filter((discount) => discount.ticket_id === ticket.id && discount.category !== 'code').map(publicDiscount),
  };
}
