import { commandGroup } from '../summaries.js';
import { registerSandboxStart } from './start.js';
import { registerSandboxToken } from './token.js';
import { registerSandboxSeed } from './seed.js';
import { registerSandboxAttendeeTools } from './attendee-tools.js';

/** `boxoffice sandbox …`: run and use the built-in local sandbox of the service. */
export const registerSandboxCommands = commandGroup('sandbox', [registerSandboxStart, registerSandboxToken, registerSandboxSeed, registerSandboxAttendeeTools]);
