// What the checkin verbs share: the database (--db, as `attendees sync --to` names it), the door.
import { hostname } from 'node:os';
import { Option, type Command } from 'commander';
import { UsageError } from '../../../client/errors.js';

export interface DoorOptions {
  eventId: string;
  /** The destination `attendees sync` fills: a SQLite file or a postgres:// URL. */
  db: string;
  door: string;
}

export type DoorFlags = { db?: string; door?: string };

export function withDoorFlags(command: Command, door: 'door' | 'no-door' = 'door'): Command {
  command.option('--db <dest>', 'the database attendees sync fills: a SQLite file or a postgres:// URL (also BOXOFFICE_SYNC_TO)');
  if (door === 'door') command.addOption(new Option('--door <name>', "the name of this door, shown to the others (default: this machine's name)"));
  return command;
}

/**
 * A subcommand's flags with --db and --door as `checkin` read them: commander gives the flags
 * `checkin` itself knows to it even when they follow the subcommand (`checkin export 12 --db x`).
 */
export function withCheckinFlags<Flags extends DoorFlags>(flags: Flags, command: Command): Flags {
  const parent = command.parent?.opts<DoorFlags>() ?? {};
  return { ...flags, db: flags.db ?? parent.db, door: flags.door ?? parent.door };
}

export function eventAndDbFrom(eventId: string, flags: DoorFlags, env: Readonly<Record<string, string | undefined>>): Omit<DoorOptions, 'door'> {
  const id = eventId.trim();
  if (id === '') throw new UsageError('EVENT_ID: must not be empty', 'EVENT_ID');
  const db = (flags.db ?? env.BOXOFFICE_SYNC_TO ?? '').trim();
  if (db === '') throw new UsageError('--db: name the database attendees sync fills: a SQLite file (attendees.db) or a postgres:// URL', '--db');
  return { eventId: id, db };
}

export function doorOptionsFrom(eventId: string, flags: DoorFlags, env: Readonly<Record<string, string | undefined>>): DoorOptions {
  const event = eventAndDbFrom(eventId, flags, env);
  const door = (flags.door ?? hostname()).trim();
  if (door === '' || door.length > 40) throw new UsageError(`--door: a name of 1 to 40 characters, got "${flags.door ?? ''}"`, '--door');
  return { ...event, door };
}
