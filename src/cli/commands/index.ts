// Every command group, in the order of the help's groups (TOP_LEVEL_GROUPS in summaries.ts).
// Only the group being run is loaded (a dynamic import, its own chunk in the bundle); every other top-level command is a placeholder holding its name and
// summary, which is all `boxoffice --help` and "did you mean" need. This keeps start-up to the
// cost of one group instead of the whole tree of verbs and flags.
import type { Command } from 'commander';
import type { CommandContext } from '../framework/context.js';
import { summarised, type RegisterCommand, type TopLevelName } from './summaries.js';

interface CommandGroup {
  /** The top-level commands the group registers. */
  commands: readonly TopLevelName[];
  load(): Promise<RegisterCommand>;
}

const GROUPS: readonly CommandGroup[] = [
  { commands: ['login', 'logout', 'auth'], load: async () => (await import('./auth/index.js')).registerAuthCommands },
  { commands: ['event'], load: async () => (await import('./event/index.js')).registerEventCommands },
  { commands: ['ticket'], load: async () => (await import('./ticket/index.js')).registerTicketCommands },
  { commands: ['discount'], load: async () => (await import('./discount/index.js')).registerDiscountCommands },
  { commands: ['catalog'], load: async () => (await import('./catalog/index.js')).registerCatalogCommands },
  { commands: ['events'], load: async () => (await import('./events/index.js')).registerEventsCommands },
  { commands: ['report'], load: async () => (await import('./report/report.js')).registerReport },
  { commands: ['attendees'], load: async () => (await import('./attendees/index.js')).registerAttendeesCommands },
  { commands: ['checkin'], load: async () => (await import('./checkin/index.js')).registerCheckinCommands },
  { commands: ['insights'], load: async () => (await import('./insights/insights.js')).registerInsights },
  { commands: ['bookings'], load: async () => (await import('./bookings/index.js')).registerBookingsCommands },
  { commands: ['order'], load: async () => (await import('./order/index.js')).registerOrderCommands },
  { commands: ['apply'], load: async () => (await import('./apply/apply.js')).registerApply },
  { commands: ['mcp'], load: async () => (await import('./mcp/mcp.js')).registerMcp },
  { commands: ['sandbox'], load: async () => (await import('./sandbox/index.js')).registerSandboxCommands },
  { commands: ['config'], load: async () => (await import('./config/index.js')).registerConfigCommands },
  { commands: ['completion'], load: async () => (await import('./completion/completion.js')).registerCompletion },
];

/**
 * Registers the group that runs `invoked` (a top-level command name, or undefined for none)
 * in full, and placeholders for the rest.
 */
export async function registerCommands(program: Command, context: CommandContext, invoked: string | undefined): Promise<void> {
  // `completion` prints scripts for the whole tree, so it needs every group.
  const loadAll = invoked === 'completion';
  const registrations = await Promise.all(GROUPS.map((group) => (loadAll || group.commands.some((name) => name === invoked) ? group.load() : undefined)));
  GROUPS.forEach((group, index) => {
    const register = registrations[index];
    if (register) register(program, context);
    else for (const name of group.commands) summarised(program.command(name));
  });
}

/** Every top-level command name, in help order. */
export function topLevelCommandNames(): TopLevelName[] {
  return GROUPS.flatMap((group) => group.commands);
}
