import { commandGroup } from '../summaries.js';
import { registerAttendeesExport } from './export.js';
import { registerAttendeesSync } from './sync.js';

export const registerAttendeesCommands = commandGroup('attendees', [registerAttendeesExport, registerAttendeesSync]);
