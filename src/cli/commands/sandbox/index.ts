import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';

/** `boxoffice sandbox …`: run and use the built-in local sandbox of the service */
export function registerSandboxCommands(program: Command, context: CommandContext): void {
  const group = program.command('sandbox').description('run and use the built-in local sandbox of the service');
  void group;
  void context;
}
