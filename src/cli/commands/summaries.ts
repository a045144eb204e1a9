// The one-line summary of every top-level command: the lazy registry (./index.ts) shows them
// without loading the commands, and each command's registration reads its own here.
import type { Command } from 'commander';
import type { CommandContext } from '../framework/context.js';

export const TOP_LEVEL_SUMMARIES = {
  login: 'log in: opens the authorization page in your browser and stores the token in the profile',
  logout: 'remove the stored token from the profile',
  auth: 'the state of the login',
  config: 'read and change saved profiles',
  event: 'create, update, read and list events',
  ticket: 'add, update and list the tickets of an event',
  discount: 'add and update discounts on a ticket',
  report: 'sales report of an event: tickets sold per ticket, and totals',
  attendees: 'export or sync the attendee list of an event',
  checkin: 'the door on event day: let attendees in from the synced list, once across doors, offline',
  insights: 'how sales are going, as pictures: a terminal summary, JSON, a self-contained page, SVGs; --watch',
  bookings: 'list bookings and request payments',
  apply: 'make the service match a setup file: one event, its tickets and discounts (idempotent)',
  mcp: "serve the organizer's tools to AI assistants (Model Context Protocol on stdin/stdout)",
  order: 'place buyer test orders through the Publisher API',
  catalog: 'segments, categories and topics of the catalogue',
  events: 'search public events (Publisher API)',
  sandbox: 'run and use the built-in local sandbox of the service',
  completion: 'print a shell completion script (bash, zsh or fish)',
} as const;

export type TopLevelName = keyof typeof TOP_LEVEL_SUMMARIES;

/** What adds commands to a parent command: a group's verbs, or a whole group to the program. */
export type RegisterCommand = (parent: Command, context: CommandContext) => void;

export function summarised(command: Command): Command {
  return command.description(TOP_LEVEL_SUMMARIES[command.name() as TopLevelName]);
}

/** Adds the group `name` with its verbs under it. */
export function commandGroup(name: TopLevelName, verbs: readonly RegisterCommand[]): RegisterCommand {
  return (program, context) => {
    const group = summarised(program.command(name));
    for (const register of verbs) register(group, context);
  };
}
