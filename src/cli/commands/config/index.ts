import { commandGroup } from '../summaries.js';
import { registerConfigGet } from './get.js';
import { registerConfigList } from './list.js';
import { registerConfigSet } from './set.js';

export const registerConfigCommands = commandGroup('config', [registerConfigGet, registerConfigSet, registerConfigList]);
