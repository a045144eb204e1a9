import { commandGroup } from '../summaries.js';
import { registerTicketAdd } from './add.js';
import { registerTicketList } from './list.js';
import { registerTicketUpdate } from './update.js';

export const registerTicketCommands = commandGroup('ticket', [registerTicketAdd, registerTicketUpdate, registerTicketList]);
