import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { registerCatalogCategories } from './categories.js';
import { registerCatalogSegments } from './segments.js';
import { registerCatalogTopics } from './topics.js';
import { summaryOf } from '../summaries.js';

/** `boxoffice catalog …`: segments, categories and topics of the catalogue */
export function registerCatalogCommands(program: Command, context: CommandContext): void {
  const group = program.command('catalog').description(summaryOf('catalog'));
  registerCatalogSegments(group, context);
  registerCatalogCategories(group, context);
  registerCatalogTopics(group, context);
}
