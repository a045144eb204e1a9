// Commands whose --json output is a stream (NDJSON, as `attendees sync` writes its changes): a
// failure goes to stderr only, never as one more line a consumer would read as another record.
import type { Command } from 'commander';
import { GLOBAL_OPTIONS_WITH_VALUE } from '../framework/global-options.js';
import { subcommand } from '../framework/help.js';

const STREAMING = new WeakSet<Command>();

export function streamsJsonLines(command: Command): Command {
  STREAMING.add(command);
  return command;
}

export function runsJsonStream(program: Command, argv: readonly string[]): boolean {
  let current = program;
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index];
    if (word === '--') break;
    if (GLOBAL_OPTIONS_WITH_VALUE.has(word)) index++;
    if (word.startsWith('-')) continue;
    const sub = subcommand(current, word);
    if (sub !== undefined) current = sub;
    else if (current.commands.length === 0) break;
  }
  return STREAMING.has(current);
}
