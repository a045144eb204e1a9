// Every command group, registered in help order. Each group lives in its own folder with one
// verb per file; heavy modules are imported inside the verbs' run functions, not here.
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { registerApplyCommand } from './apply/index.js';
import { registerAttendeesCommands } from './attendees/index.js';
import { registerBookingsCommands } from './bookings/index.js';
import { registerCatalogCommands } from './catalog/index.js';
import { registerCompletionCommand } from './completion/index.js';
import { registerConfigCommands } from './config/index.js';
import { registerDiscountCommands } from './discount/index.js';
import { registerEventCommands } from './event/index.js';
import { registerEventsSearchCommands } from './events/index.js';
import { registerOrderCommands } from './order/index.js';
import { registerReportCommand } from './report/index.js';
import { registerSandboxCommands } from './sandbox/index.js';
import { registerSessionCommands } from './session/index.js';
import { registerTicketCommands } from './ticket/index.js';

type RegisterGroup = (program: Command, context: CommandContext) => void;

const groups: RegisterGroup[] = [
  registerSessionCommands,
  registerConfigCommands,
  registerEventCommands,
  registerTicketCommands,
  registerDiscountCommands,
  registerReportCommand,
  registerAttendeesCommands,
  registerBookingsCommands,
  registerApplyCommand,
  registerOrderCommands,
  registerCatalogCommands,
  registerEventsSearchCommands,
  registerSandboxCommands,
  registerCompletionCommand,
];

export function registerCommands(program: Command, context: CommandContext): void {
  for (const register of groups) register(program, context);
}
