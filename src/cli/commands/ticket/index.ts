import { commandGroup } from '../summaries.js';
import { registerTicketAdd } from './add.js';
import { registerTicketList } from './list.js';
import { registerTicketUpdate } from './update.js';

/** `boxoffice ticket …`: add, update and list the tickets of an event */
export const registerTicketCommands = commandGroup('ticket', [registerTicketAdd, registerTicketUpdate, registerTicketList]);
