import { commandGroup } from '../summaries.js';
import { registerEventsSearch } from './search.js';

/** `boxoffice events …`: search public events (Publisher API) */
export const registerEventsCommands = commandGroup('events', [registerEventsSearch]);
