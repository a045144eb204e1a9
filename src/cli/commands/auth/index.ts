import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerAuthLogin } from './login.js';
import { registerAuthLogout } from './logout.js';
import { registerAuthStatus } from './status.js';

/** Registers login, logout and auth status. */
export function registerAuthCommands(program: Command, context: CommandContext): void {
  registerAuthLogin(program, context);
  registerAuthLogout(program, context);
  registerAuthStatus(program, context);
}
