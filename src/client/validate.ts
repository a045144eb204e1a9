// Requests checked against the shared schemas before anything is sent (a UsageError naming the
// field); responses read with the lenient resource schemas.
import type * as z from 'zod';
import { safeParse } from 'zod/mini';
import { ResponseShapeError, UsageError } from './errors.js';

type Path = ReadonlyArray<PropertyKey>;

export function valueAt(input: unknown, path: Path): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

export function pathText(path: Path): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`)).join('');
}

/**
 * zod compiles an object schema's fast path on its first parse: it pays back for a schema parsed
 * again (the pages of a list), not for a one-request command. So a first parse runs without it.
 */
const parsedBefore = new WeakSet<z.core.$ZodType>();

function parseContext(schema: z.core.$ZodType): { jitless: boolean } {
  const first = !parsedBefore.has(schema);
  parsedBefore.add(schema);
  return { jitless: first };
}

/** The request as the schema produces it, or a UsageError naming the first bad field (by `fieldNames`, where given). */
export function parseRequest<S extends z.core.$ZodType>(
  schema: S,
  input: unknown,
  what?: string,
  fieldNames: Readonly<Record<string, string>> = {},
): z.output<S> {
  const result = safeParse(schema, input ?? {}, parseContext(schema));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue.path.length > 0 ? pathText(issue.path) : undefined;
  const field = path === undefined ? undefined : (fieldNames[path] ?? path);
  const missing = path !== undefined && valueAt(input ?? {}, issue.path) === undefined && issue.code !== 'custom';
  const message = missing ? 'is required' : issue.message;
  // One line for the first problem: `startTime: expected a time as HH:MM (24-hour)`.
  const named = field ?? what;
  throw new UsageError(named ? `${named}: ${message}` : message, field);
}

/** A success body read with its resource schema; a ResponseShapeError names what did not fit. */
export function parseResponse<S extends z.core.$ZodType>(schema: S, body: unknown, operation: string): z.output<S> {
  const result = safeParse(schema, body, parseContext(schema));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue.path.length > 0 ? pathText(issue.path) : 'body';
  throw new ResponseShapeError(`${operation}: unexpected response: ${where}: ${issue.message}`, body);
}
