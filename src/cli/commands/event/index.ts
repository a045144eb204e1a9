import { commandGroup } from '../summaries.js';
import { registerEventCreate } from './create.js';
import { registerEventDetails } from './details.js';
import { registerEventGet } from './get.js';
import { registerEventList } from './list.js';
import { registerEventUpdate } from './update.js';

export const registerEventCommands = commandGroup('event', [
  registerEventCreate,
  registerEventUpdate,
  registerEventGet,
  registerEventList,
  registerEventDetails,
]);
