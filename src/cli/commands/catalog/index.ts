import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';

/** `boxoffice catalog …`: segments, categories and topics of the catalogue */
export function registerCatalogCommands(program: Command, context: CommandContext): void {
  const group = program.command('catalog').description('segments, categories and topics of the catalogue');
  void group;
  void context;
}
