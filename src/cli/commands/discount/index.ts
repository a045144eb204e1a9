import { commandGroup } from '../summaries.js';
import { registerDiscountAdd } from './add.js';
import { registerDiscountUpdate } from './update.js';

/** `boxoffice discount …`: add and update discounts on a ticket */
export const registerDiscountCommands = commandGroup('discount', [registerDiscountAdd, registerDiscountUpdate]);
