import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerLogin } from './login.js';
import { registerLogout } from './logout.js';
import { registerAuthStatus } from './status.js';

/** Registers login, logout and auth status. */
export function registerSessionCommands(program: Command, context: CommandContext): void {
  registerLogin(program, context);
  registerLogout(program, context);
  registerAuthStatus(program, context);
}
