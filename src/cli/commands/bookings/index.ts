import { commandGroup } from '../summaries.js';
import { registerBookingsList } from './list.js';
import { registerBookingsRequest } from './request.js';

export const registerBookingsCommands = commandGroup('bookings', [registerBookingsList, registerBookingsRequest]);
