import { commandGroup } from '../summaries.js';
import { registerDiscountAdd } from './add.js';
import { registerDiscountUpdate } from './update.js';

export const registerDiscountCommands = commandGroup('discount', [registerDiscountAdd, registerDiscountUpdate]);
