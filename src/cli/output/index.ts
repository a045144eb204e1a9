// What a command prints (docs/output.md).
import { splitDateTime } from '../../client/fields/read-back.js';
import { printOut } from '../../session/deps.js';
import type { CommandContext } from '../framework/context.js';
import { writeJson } from './rows.js';

export { writeAnswer, writeFieldRows, writeJson, writeRows, type Column } from './rows.js';

/** A create's or update's answer: the API body under --json, a sentence on a terminal ("created event 12"), else the id (`id=$(boxoffice event create)`). */
export function writeAck(context: CommandContext, ack: { body: unknown; id: string; sentence: string }): void {
  const { io } = context.deps;
  if (context.globals().json) writeJson(io, ack.body);
  else printOut(io, io.stdoutIsTTY ? `${ack.sentence}\n` : `${ack.id}\n`);
}

/** What a command that prints no data did: `document` under --json, else `line` on stderr for people. */
export function writeDone(context: CommandContext, document: unknown, line: string): void {
  if (context.globals().json) writeJson(context.deps.io, document);
  else context.deps.io.stderr.write(`${line}\n`);
}

/** The service's `{date: "yyyy-mm-dd HH:MM:SS", …}` → "yyyy-mm-dd HH:MM"; what cannot be read, as it came. */
export function dateTimeText(value: { date: string } | null | undefined): string | undefined {
  const at = splitDateTime(value);
  return at ? [at.date, at.time].filter(Boolean).join(' ') : value?.date;
}
