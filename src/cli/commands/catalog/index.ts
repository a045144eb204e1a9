import { commandGroup } from '../summaries.js';
import { registerCatalogCategories } from './categories.js';
import { registerCatalogSegments } from './segments.js';
import { registerCatalogTopics } from './topics.js';

/** `boxoffice catalog …`: segments, categories and topics of the catalogue */
export const registerCatalogCommands = commandGroup('catalog', [registerCatalogSegments, registerCatalogCategories, registerCatalogTopics]);
