import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerSandboxStart } from './start.js';
import { registerSandboxToken } from './token.js';
import { registerSandboxSeed } from './seed.js';
import { registerSandboxAttendeeTools } from './attendee-tools.js';
import { summaryOf } from '../summaries.js';

/**
 * `boxoffice sandbox …`: run and use the built-in local sandbox of the service.
 * `sandbox seed` (sandbox-buyer) goes in seed.ts beside these, registered here with one line; it
 * posts to the running sandbox's SANDBOX_ENDPOINTS.seed (src/sandbox/fixtures.ts).
 */
export function registerSandboxCommands(program: Command, context: CommandContext): void {
  const group = program.command('sandbox').description(summaryOf('sandbox'));
  registerSandboxStart(group, context);
  registerSandboxToken(group, context);
  registerSandboxSeed(group, context);
  registerSandboxAttendeeTools(group, context);
}
