import { commandGroup } from '../summaries.js';
import { registerAttendeesExport } from './export.js';
import { registerAttendeesSync } from './sync.js';

/** `boxoffice attendees …`: export the attendee list of an event, or sync it into a database */
export const registerAttendeesCommands = commandGroup('attendees', [registerAttendeesExport, registerAttendeesSync]);
