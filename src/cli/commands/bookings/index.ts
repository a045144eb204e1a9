import { commandGroup } from '../summaries.js';
import { registerBookingsList } from './list.js';
import { registerBookingsRequest } from './request.js';

/** `boxoffice bookings …`: list bookings and request payments */
export const registerBookingsCommands = commandGroup('bookings', [registerBookingsList, registerBookingsRequest]);
