// The answer of get-event checked with zod/mini (the form the CLI's client uses: functions, not
// methods installed on every schema class), for bench/reference/minimal-cli.ts: a module of its
// own so that the client loads zod only when it checks (its --unchecked run never does).
import * as z from 'zod/mini';

const looseId = z.pipe(z.union([z.string(), z.number()]), z.transform(String));
const dateField = z.looseObject({ date: z.string() });
const eventAnswer = z.looseObject({
  status: z.optional(z.literal('success')),
  event: z.looseObject({
    id: looseId,
    name: z.string(),
    url: z.string(),
    eventStatus: z.string(),
    eventType: z.string(),
    startDate: dateField,
    endDate: dateField,
    city: z.nullish(z.string()),
    country: z.nullish(z.string()),
  }),
});

/** Parsed as the CLI parses a schema the first time: without zod's compiled fast path (src/client/validate.ts). */
export function checkEventAnswer(answer: unknown): z.output<typeof eventAnswer> {
  return z.parse(eventAnswer, answer, { jitless: true });
}
