// The formats of the service's requests as zod schemas, for the client and the sandbox. Values may
// arrive as text (form fields, flags) or as their JSON types; the schemas produce the JSON type.
import * as z from 'zod/mini';
import { FORMAT_MESSAGES, INTEGER_PATTERN, dateProblem, NUMBER_PATTERN, TIME_PATTERN } from './values.js';

export * from './values.js';

export function requestObject<T extends z.core.$ZodShape>(shape: () => T) {
  return z.lazy(() => z.object(shape()));
}

// Every schema here is built on first use (z.lazy): the first schema of each kind costs zod
// the set-up of its whole class, which a command that never parses a date should not pay.

/** yyyy-mm-dd, and a real calendar date. */
export const isoDate = z.lazy(() =>
  z.string().check(
    z.trim(),
    z.superRefine((text, ctx) => {
      const problem = dateProblem(text);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
    }),
  ),
);

export const clockTime = z.lazy(() => z.string().check(z.trim(), z.regex(TIME_PATTERN, { message: FORMAT_MESSAGES.time })));

/** A number, given as one (`number`) or as text matching `pattern`; `message` when it is neither. */
function numberOrText(number: () => z.ZodMiniNumber | z.ZodMiniNumberFormat, pattern: RegExp, message: string) {
  return z.lazy(() => z.union([number(), z.pipe(z.string().check(z.trim(), z.regex(pattern, { message })), z.transform(Number))], { message }));
}

export const numeric = numberOrText(() => z.number(), NUMBER_PATTERN, FORMAT_MESSAGES.number);

export const integer = numberOrText(() => z.int(), INTEGER_PATTERN, FORMAT_MESSAGES.integer);

export const nonNegativeInteger = z.lazy(() => z.pipe(integer, z.int().check(z.gte(0, { message: 'expected 0 or more' }))));
export const positiveInteger = z.lazy(() => z.pipe(integer, z.int().check(z.gte(1, { message: 'expected 1 or more' }))));
export const nonNegativeNumber = z.lazy(() => z.pipe(numeric, z.number().check(z.gte(0, { message: 'expected 0 or more' }))));

/** true/false, given as a boolean or as the text "true" / "false". */
export const booleanFlag = z.lazy(() =>
  z.union(
    [
      z.boolean(),
      z.pipe(
        z.enum(['true', 'false']),
        z.transform((text) => text === 'true'),
      ),
    ],
    { message: 'expected true or false' },
  ),
);

export const requiredText = z.lazy(() => z.string().check(z.trim(), z.minLength(1, { message: 'must not be empty' })));

export function enumOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { message: `expected one of ${values.join(', ')}` });
}

export function textUpTo(max: number) {
  return z.string().check(z.maxLength(max, { message: `must be at most ${max} characters` }));
}
