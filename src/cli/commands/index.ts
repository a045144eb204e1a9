// Every command group, with its heading in `boxoffice --help` (as gh does). Only the group being
// run is loaded (its own chunk), so start-up costs one group, not the whole tree; every other
// top-level command is a placeholder with its name and summary, all `--help` and "did you mean" need.
import type { Command } from 'commander';
import type { CommandContext } from '../framework/context.js';
import { summarised, type RegisterCommand, type TopLevelName } from './summaries.js';

const GROUPS: readonly { heading: string; commands: readonly TopLevelName[]; load(): Promise<RegisterCommand> }[] = [
  { heading: 'Getting started', commands: ['login', 'logout', 'auth'], load: async () => (await import('./auth/index.js')).registerAuthCommands },
  { heading: 'Events and tickets', commands: ['event'], load: async () => (await import('./event/index.js')).registerEventCommands },
  { heading: 'Events and tickets', commands: ['ticket'], load: async () => (await import('./ticket/index.js')).registerTicketCommands },
  { heading: 'Events and tickets', commands: ['discount'], load: async () => (await import('./discount/index.js')).registerDiscountCommands },
  { heading: 'Events and tickets', commands: ['catalog'], load: async () => (await import('./catalog/index.js')).registerCatalogCommands },
  { heading: 'Events and tickets', commands: ['events'], load: async () => (await import('./events/index.js')).registerEventsCommands },
  { heading: 'Sales and attendees', commands: ['report'], load: async () => (await import('./report/report.js')).registerReport },
  { heading: 'Sales and attendees', commands: ['attendees'], load: async () => (await import('./attendees/index.js')).registerAttendeesCommands },
  { heading: 'Sales and attendees', commands: ['checkin'], load: async () => (await import('./checkin/index.js')).registerCheckinCommands },
  { heading: 'Sales and attendees', commands: ['insights'], load: async () => (await import('./insights/insights.js')).registerInsights },
  { heading: 'Sales and attendees', commands: ['bookings'], load: async () => (await import('./bookings/index.js')).registerBookingsCommands },
  { heading: 'Sales and attendees', commands: ['order'], load: async () => (await import('./order/index.js')).registerOrderCommands },
  { heading: 'Automation', commands: ['apply'], load: async () => (await import('./apply/apply.js')).registerApply },
  { heading: 'Automation', commands: ['mcp'], load: async () => (await import('./mcp/mcp.js')).registerMcp },
  { heading: 'Sandbox', commands: ['sandbox'], load: async () => (await import('./sandbox/index.js')).registerSandboxCommands },
  { heading: 'Settings', commands: ['config'], load: async () => (await import('./config/index.js')).registerConfigCommands },
  { heading: 'Settings', commands: ['completion'], load: async () => (await import('./completion/completion.js')).registerCompletion },
];

/** Registers the group that runs `invoked` (a top-level command name, if any) in full, and placeholders for the rest. */
export async function registerCommands(program: Command, context: CommandContext, invoked: string | undefined): Promise<void> {
  // `completion` prints scripts for the whole tree, so it needs every group.
  const loadAll = invoked === 'completion';
  const registrations = await Promise.all(GROUPS.map((group) => (loadAll || group.commands.some((name) => name === invoked) ? group.load() : undefined)));
  GROUPS.forEach((group, index) => {
    const register = registrations[index];
    if (register) register(program, context);
    else for (const name of group.commands) summarised(program.command(name));
    const names: readonly string[] = group.commands;
    for (const command of program.commands) if (names.includes(command.name())) command.helpGroup(`${group.heading}:`);
  });
}

export function topLevelCommandNames(): TopLevelName[] {
  return GROUPS.flatMap((group) => group.commands);
}
