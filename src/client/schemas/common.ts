// Formats and enumerations of the service's requests, shared by the client (validation before
// sending) and the sandbox (validation on receipt). Values may arrive as strings (form fields,
// flags) or as their JSON types; the schemas accept both and produce the JSON type.
import * as z from 'zod';
import { FORMAT_MESSAGES, INTEGER_PATTERN, dateProblem, NUMBER_PATTERN, TIME_PATTERN } from './values.js';

export * from './values.js';

/** A request's object schema, built when first used. */
export function requestObject<T extends z.ZodRawShape>(shape: () => T) {
  return z.lazy(() => z.object(shape()));
}

/** yyyy-mm-dd, and a real calendar date. */
export const isoDate = z
  .string()
  .trim()
  .superRefine((text, ctx) => {
    const problem = dateProblem(text);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
  });

/** HH:MM on the 24-hour clock. */
export const clockTime = z.string().trim().regex(TIME_PATTERN, { message: FORMAT_MESSAGES.time });

/** A number, given as one (`number`) or as text matching `pattern`; `message` when it is neither. */
function numberOrText(number: () => z.ZodNumber, pattern: RegExp, message: string) {
  return z.lazy(() => z.union([number(), z.string().trim().regex(pattern, { message }).transform(Number)], { message }));
}

/** A finite number, given as a number or as numeric text. */
export const numeric = numberOrText(() => z.number().finite(), NUMBER_PATTERN, FORMAT_MESSAGES.number);

/** A whole number, given as a number or as integer text. */
export const integer = numberOrText(() => z.number().int(), INTEGER_PATTERN, FORMAT_MESSAGES.integer);

export const nonNegativeInteger = integer.pipe(z.number().int().min(0, { message: 'expected 0 or more' }));
export const positiveInteger = integer.pipe(z.number().int().min(1, { message: 'expected 1 or more' }));
export const nonNegativeNumber = numeric.pipe(z.number().min(0, { message: 'expected 0 or more' }));

/** true/false, given as a boolean or as the text "true" / "false". */
export const booleanFlag = z.lazy(() =>
  z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')], { message: 'expected true or false' }),
);

/** A required text value: present and not blank. */
export const requiredText = z.lazy(() => z.string().trim().min(1, { message: 'must not be empty' }));

export function enumOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { message: `expected one of ${values.join(', ')}` });
}

/** Text no longer than `max` characters. */
export function textUpTo(max: number) {
  return z.string().max(max, { message: `must be at most ${max} characters` });
}
