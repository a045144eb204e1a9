// The setup file: one event, its tickets and its discounts, in YAML (or JSON, which is YAML too).
// Field names are the API's own, so the file reads like the reference; each
// ticket and discount adds a local `key`, and a discount names its ticket by that key.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { closest, distance } from 'fastest-levenshtein';
import { LineCounter, parseDocument, visit, type Document } from 'yaml';
import * as z from 'zod';
import { UsageError } from '../client/errors.js';
import { pathText, valueAt } from '../client/validate.js';
import type { addDiscountRequest, addTicketRequest, createEventRequest } from '../client/schemas/index.js';
import { DISCOUNT_TABLE } from '../client/fields/discount.js';
import { EVENT_TABLE } from '../client/fields/event.js';
import { requestShape, tableRules } from '../client/fields/schema.js';
import { TICKET_TABLE } from '../client/fields/ticket.js';

export type EventSpec = z.output<typeof createEventRequest>;
/** `status`: `published` is read as `active`. */
export type TicketSpec = Omit<z.output<typeof addTicketRequest>, 'eventId' | 'status'> & { key: string; status: 'active' | 'pause' };
/** `ticket`: the `key` of the ticket the discount applies to. */
export type DiscountSpec = Omit<z.output<typeof addDiscountRequest>, 'eventId' | 'ticketId'> & { key: string; ticket: string };

export interface SetupFile {
  event: EventSpec;
  tickets: TicketSpec[];
  discounts: DiscountSpec[];
}

type Path = readonly PropertyKey[];
type Env = Readonly<Record<string, string | undefined>>;

const localKey = z
  .string({ message: 'expected a key (letters, digits, ".", "_" or "-")' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { message: 'expected a key (letters, digits, ".", "_" or "-")' });

const eventSchema = z.strictObject(requestShape(EVENT_TABLE, 'create')).superRefine(tableRules(EVENT_TABLE));

const ticketStatus = z
  .enum(['active', 'published', 'pause'], { message: 'expected active, published or pause' })
  .transform((status) => (status === 'pause' ? 'pause' : 'active'));

const ticketSchema = z
  .strictObject({
    key: localKey,
    ...requestShape(TICKET_TABLE, 'create', ['eventId', 'status']),
    status: ticketStatus.default('active'),
  })
  .superRefine(tableRules(TICKET_TABLE));

const discountSchema = z
  .strictObject({ key: localKey, ticket: localKey, ...requestShape(DISCOUNT_TABLE, 'create', ['eventId', 'ticketId']) })
  .superRefine(tableRules(DISCOUNT_TABLE));

const setupSchema = z.strictObject({
  event: eventSchema,
  tickets: z.array(ticketSchema, { message: 'expected a list of tickets' }).default([]),
  discounts: z.array(discountSchema, { message: 'expected a list of discounts' }).default([]),
});

/** Rules across records, checked on the raw values so that they are reported together with any problem inside a record. */
function crossRecordProblems(raw: Record<string, unknown>): Problem[] {
  const listAt = (section: string): Record<string, unknown>[] =>
    Array.isArray(raw[section]) ? raw[section].map((item) => (item !== null && typeof item === 'object' ? item : {})) : [];
  const tickets = listAt('tickets');
  const discounts = listAt('discounts');
  // Names identify a ticket on the service when its id is unknown (a create whose answer was lost).
  const unique = [
    [tickets, 'tickets', 'key'],
    [tickets, 'tickets', 'ticketName'],
    [discounts, 'discounts', 'key'],
  ] as const;
  const problems: Problem[] = unique.flatMap(([items, section, field]) =>
    items.flatMap((item, index) => {
      const first = items.findIndex((other) => other[field] === item[field]);
      return typeof item[field] === 'string' && first < index
        ? [{ path: [section, index, field], message: `"${item[field]}" is already used by ${section}[${first}]` }]
        : [];
    }),
  );
  const ticketKeys = new Set(tickets.map((ticket) => ticket.key).filter((key) => typeof key === 'string'));
  discounts.forEach((discount, index) => {
    if (typeof discount.ticket === 'string' && !ticketKeys.has(discount.ticket)) {
      problems.push({
        path: ['discounts', index, 'ticket'],
        message: `no ticket has the key "${discount.ticket}" (keys: ${[...ticketKeys].join(', ') || 'none'})`,
      });
    }
  });
  return problems;
}

export function formatPath(path: Path): string {
  return pathText(path) || '(top level)';
}

function closestField(unknown: string, known: readonly string[]): string | undefined {
  const same = known.find((name) => name.toLowerCase() === unknown.toLowerCase());
  if (same !== undefined || known.length === 0) return same;
  const best = closest(unknown, [...known]);
  return distance(unknown, best) <= Math.max(2, Math.floor(unknown.length / 4)) ? best : undefined;
}

const SECTION_SCHEMAS: Partial<Record<PropertyKey, { shape: object }>> = { event: eventSchema, tickets: ticketSchema, discounts: discountSchema };

type Problem = { path: Path; message: string };

const REFERENCE = /\$\$\{|\$\{([^}]*)\}|\$\{/g;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * `${VAR}` and `${VAR:-default}` in the string values of the file (keys are left alone), from the
 * environment; `$${` writes a literal `${`, and as in the shell `:-` also applies when the variable
 * is empty. Numbers and booleans become text, as the API receives every field as form text: the
 * request schemas turn numeric text back into numbers, and `postal: 411001` stays a valid postal code.
 */
function interpolateTree(value: unknown, env: Env, problems: Problem[], path: Path = []): unknown {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((item, index) => interpolateTree(item, env, problems, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateTree(item, env, problems, [...path, key])]));
  }
  if (typeof value !== 'string') return value;
  return value.replace(REFERENCE, (match: string, body: string | undefined) => {
    const problem = (message: string) => {
      problems.push({ path, message });
      return match;
    };
    if (match === '$${') return '${';
    if (body === undefined) return problem('unterminated ${ (write $${ for a literal ${)');
    const separator = body.indexOf(':-');
    const name = separator >= 0 ? body.slice(0, separator) : body;
    if (!NAME.test(name)) return problem(`invalid variable reference \${${body}} (expected \${NAME} or \${NAME:-default})`);
    const set = env[name];
    if (separator >= 0) return set === undefined || set === '' ? body.slice(separator + 2) : set;
    return set ?? problem(`environment variable ${name} is not set (write \${${name}:-default} to give a default)`);
  });
}

function problemsFrom(issues: readonly z.core.$ZodIssue[], raw: unknown): Problem[] {
  const problems: Problem[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const suggestion = closestField(key, Object.keys((issue.path.length === 0 ? setupSchema : SECTION_SCHEMAS[issue.path[0]])?.shape ?? {}));
        problems.push({
          path: [...issue.path, key],
          message: suggestion ? `unknown field (did you mean ${suggestion}?)` : 'unknown field',
        });
      }
    } else if (issue.code !== 'custom' && issue.path.length > 0 && valueAt(raw, issue.path) === undefined) {
      problems.push({ path: issue.path, message: 'required' });
    } else {
      problems.push({ path: issue.path, message: issue.message });
    }
  }
  return problems;
}

/** Each problem once: a field's own rule is seen both by its schema and by the request's cross-field rules (requestRules). */
function distinct(problems: readonly Problem[]): Problem[] {
  return [...new Map(problems.map((problem) => [`${formatPath(problem.path)}\n${problem.message}`, problem])).values()];
}

/** The 1-based line of the value at `path` (or of its nearest parent present in the file). */
function lineOf(document: Document, lineCounter: LineCounter, path: Path): number | undefined {
  for (let length = path.length; length >= 0; length -= 1) {
    const node = document.getIn(path.slice(0, length) as unknown[], true) as { range?: [number, number, number] } | undefined;
    if (node && typeof node === 'object' && node.range) return lineCounter.linePos(node.range[0]).line;
  }
  return undefined;
}

/** Refuses an alias inside the node its anchor names (`a: &x [*x]`): a value containing itself, which every walk would follow for ever. */
function assertNoRecursiveAlias(document: Document, lineCounter: LineCounter, fileName: string): void {
  const problems: string[] = [];
  visit(document, {
    Alias(_key, alias) {
      const target = alias.resolve(document);
      const at = alias.range?.[0];
      if (!target?.range || at === undefined || at < target.range[0] || at >= target.range[2]) return;
      problems.push(
        `${fileName}:${lineCounter.linePos(at).line}: the alias *${alias.source} is inside the value its anchor &${alias.source} names ` +
          '(a recursive alias); repeat the value instead',
      );
    },
  });
  if (problems.length > 0) throw new UsageError(problems.join('\n'));
}

/** Parses, interpolates and checks a setup file: every problem at once, a `FILE:LINE: path: message` line each; the first one's path is the `field`. */
export function parseSetupFile(text: string, fileName: string, env: Env): SetupFile {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0) {
    const lines = document.errors.map((error) => {
      const position = lineCounter.linePos(error.pos[0]);
      return `${fileName}:${position.line}:${position.col}: ${error.message.split('\n')[0]}`;
    });
    throw new UsageError(lines.join('\n'));
  }
  assertNoRecursiveAlias(document, lineCounter, fileName);
  let raw: unknown;
  try {
    raw = document.toJS();
  } catch (error) {
    // An alias before its anchor, or more aliases than yaml allows (a "billion laughs" file).
    throw new UsageError(`${fileName}: ${(error as Error).message}`);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new UsageError(`${fileName}: expected a mapping with event, tickets and discounts`);
  }
  const interpolationProblems: Problem[] = [];
  const input = interpolateTree(raw, env, interpolationProblems) as Record<string, unknown>;
  const result = setupSchema.safeParse(input);
  // A value whose variable is unset is reported as that; what the schema says of its `${…}` text
  // would only repeat it. Every other problem of the file is reported with it.
  const unresolved = new Set(interpolationProblems.map((problem) => formatPath(problem.path)));
  const checked = [...(result.success ? [] : problemsFrom(result.error.issues, input)), ...crossRecordProblems(input)];
  const problems = distinct([...interpolationProblems, ...checked.filter((problem) => !unresolved.has(formatPath(problem.path)))]);
  if (problems.length === 0) return result.data as SetupFile;
  const located = problems
    .map((problem, order) => ({ ...problem, order, line: lineOf(document, lineCounter, problem.path) }))
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || a.order - b.order);
  const lines = located.map((problem) => `${fileName}${problem.line ? `:${problem.line}` : ''}: ${formatPath(problem.path)}: ${problem.message}`);
  throw new UsageError(lines.join('\n'), formatPath(located[0].path));
}

export async function loadSetupFile(path: string, env: Env): Promise<SetupFile> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    const reason = error.code === 'ENOENT' ? 'no such file' : error.code === 'EISDIR' ? 'is a directory' : String(error.message);
    throw new UsageError(`${path}: ${reason}`, 'FILE');
  });
  return parseSetupFile(text, basename(path), env);
}
