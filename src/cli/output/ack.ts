// What a create or update prints: the API body under --json; else, for people on a terminal, one
// sentence, and for scripts (piped) just the id, so `id=$(boxoffice event create …)` works.
import type { CommandContext } from '../framework/context.js';
import { writeJson } from './json.js';
import { printOut } from '../../session/deps.js';

export interface Acknowledgement {
  /** The response body as the API sent it. */
  body: unknown;
  /** The id the call created or changed. */
  id: string;
  /** e.g. "created event 12". */
  sentence: string;
}

export function writeAck(context: CommandContext, ack: Acknowledgement): void {
  const { io } = context.deps;
  if (context.globals().json) writeJson(io, ack.body);
  else printOut(io, io.stdoutIsTTY ? `${ack.sentence}\n` : `${ack.id}\n`);
}

/** What a command that prints no data did: `document` under --json, else `line` on stderr for people. */
export function writeDone(context: CommandContext, document: unknown, line: string): void {
  if (context.globals().json) writeJson(context.deps.io, document);
  else context.deps.io.stderr.write(`${line}\n`);
}
