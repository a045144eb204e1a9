import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerCatalogCategoriesCommand } from './categories.js';
import { registerCatalogSegmentsCommand } from './segments.js';
import { registerCatalogTopicsCommand } from './topics.js';
import { summaryOf } from '../summaries.js';

/** `boxoffice catalog …`: segments, categories and topics of the catalogue */
export function registerCatalogCommands(program: Command, context: CommandContext): void {
  const group = program.command('catalog').description(summaryOf('catalog'));
  registerCatalogSegmentsCommand(group, context);
  registerCatalogCategoriesCommand(group, context);
  registerCatalogTopicsCommand(group, context);
}
