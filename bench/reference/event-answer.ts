// The answer of get-event checked with zod, for bench/reference/minimal-cli.ts: a module of its
// own so that the client loads zod only when it checks (its --unchecked run never does).
import * as z from 'zod';

const looseId = z.union([z.string(), z.number()]).transform(String);
const dateField = z.looseObject({ date: z.string() });
const eventAnswer = z.looseObject({
  status: z.literal('success').optional(),
  event: z.looseObject({
    id: looseId,
    name: z.string(),
    url: z.string(),
    eventStatus: z.string(),
    eventType: z.string(),
    startDate: dateField,
    endDate: dateField,
    city: z.string().nullish(),
    country: z.string().nullish(),
  }),
});

/** Parsed as the CLI parses a schema the first time: without zod's compiled fast path (src/client/validate.ts). */
export function checkEventAnswer(answer: unknown): z.output<typeof eventAnswer> {
  return eventAnswer.parse(answer, { jitless: true });
}
