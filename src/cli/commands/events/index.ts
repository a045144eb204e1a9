import { commandGroup } from '../summaries.js';
import { registerEventsSearch } from './search.js';

export const registerEventsCommands = commandGroup('events', [registerEventsSearch]);
