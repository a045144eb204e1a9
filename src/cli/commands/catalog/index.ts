import { commandGroup } from '../summaries.js';
import { registerCatalogCategories } from './categories.js';
import { registerCatalogSegments } from './segments.js';
import { registerCatalogTopics } from './topics.js';

export const registerCatalogCommands = commandGroup('catalog', [registerCatalogSegments, registerCatalogCategories, registerCatalogTopics]);
