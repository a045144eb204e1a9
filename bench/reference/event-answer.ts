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

export function checkEventAnswer(answer: unknown): z.output<typeof eventAnswer> {
  return eventAnswer.parse(answer);
}
