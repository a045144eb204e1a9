export * from './common.js';
export * from './requests.js';
export * from './resources.js';
export { ticketCapacity } from '../fields/ticket.js';
