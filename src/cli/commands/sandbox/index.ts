import { commandGroup } from '../summaries.js';
import { registerSandboxStart } from './start.js';
import { registerSandboxToken } from './token.js';
import { registerSandboxSeed } from './seed.js';
import { registerSandboxAttendeeTools } from './attendee-tools.js';

export const registerSandboxCommands = commandGroup('sandbox', [registerSandboxStart, registerSandboxToken, registerSandboxSeed, registerSandboxAttendeeTools]);
