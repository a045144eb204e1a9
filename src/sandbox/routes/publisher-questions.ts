// Sandbox-only endpoint: POST /sandbox/questions appends a custom question to an event's attendee
// form (P9 shows it after default_1..3; P10 checks it when mandatory; answers appear in P12
// additionalInfo and E11 details).
import * as z from 'zod';
import { booleanFlag, requiredText } from '../../client/schemas/common.js';
import { requireAccessToken } from '../auth.js';
import type { SandboxApp, SandboxContext } from '../context.js';
import { addQuestions } from '../db/events.js';
import { readForm, validate } from '../request.js';
import { eventFor } from './access.js';
import { questionFieldId } from './publisher-orders.js';

export const QUESTIONS_ENDPOINT = '/sandbox/questions';

const addQuestionRequest = z.object({
  eventId: requiredText,
  label: z.pipe(requiredText, z.string().max(200, { message: 'must be at most 200 characters' })),
  type: z.enum(['Text', 'Textarea', 'Email', 'Number', 'Dropdown'], { message: 'expected Text, Textarea, Email, Number or Dropdown' }).default('Text'),
  description: z.string().max(1000).default(''),
  validation: z.enum(['', 'email', 'phone'], { message: 'expected email, phone or nothing' }).default(''),
  mandatory: z._default(booleanFlag, false),
});

export function registerQuestionRoutes(app: SandboxApp, context: SandboxContext): void {
  app.post(QUESTIONS_ENDPOINT, requireAccessToken(context), async (c) => {
    const request = validate(addQuestionRequest, await readForm(c), { invalid: { eventId: 'E007' } });
    const event = eventFor(context.db, c.get('account'), request.eventId, 'write');
    const [questionId] = addQuestions(context.db, event.id, [request]);
    return c.json({ status: 'success', questionId: String(questionId), fieldId: questionFieldId({ id: questionId }) });
  });
}
