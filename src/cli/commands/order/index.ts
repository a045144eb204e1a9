import { commandGroup } from '../summaries.js';
import { registerOrderPlace } from './place.js';

export const registerOrderCommands = commandGroup('order', [registerOrderPlace]);
