import { commandGroup } from '../summaries.js';
import { registerOrderPlace } from './place.js';

/** `boxoffice order …`: place buyer test orders through the Publisher API */
export const registerOrderCommands = commandGroup('order', [registerOrderPlace]);
