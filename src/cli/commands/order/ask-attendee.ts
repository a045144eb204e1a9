// On a terminal, `order place` asks for the attendees that no flag, file or --fake answered:
// one question per field of the order's attendee form, mandatory ones required.
import type { FormField } from '../../../client/schemas/index.js';
import type { AttendeeAnswers } from '../../../orders/answers.js';
import { DEFAULT_FIELD } from '../../../orders/attendee-data.js';
import { EMAIL } from '../../framework/params.js';
import type { Prompter } from '../../framework/prompt.js';

function isEmailField(field: FormField): boolean {
  return field.id === DEFAULT_FIELD.email || /email/i.test(`${field.validation ?? ''} ${field.type}`);
}

export async function askAttendee(prompter: Prompter, position: number, fields: readonly FormField[]): Promise<AttendeeAnswers> {
  const answers: AttendeeAnswers = { name: '', email: '', phone: '', custom: {} };
  for (const field of fields) {
    const value = (
      await prompter.text({
        message: `Attendee ${position}: ${field.label}${field.mandatory ? '' : ' (optional)'}`,
        validate: (answer) => {
          const text = answer.trim();
          if (text === '') return field.mandatory ? 'an answer is required' : true;
          if (isEmailField(field) && !EMAIL.test(text)) return 'expected an email address';
          return true;
        },
      })
    ).trim();
    if (field.id === DEFAULT_FIELD.name) answers.name = value;
    else if (field.id === DEFAULT_FIELD.email) answers.email = value;
    else if (field.id === DEFAULT_FIELD.phone) answers.phone = value;
    else if (value !== '') answers.custom[field.id] = value;
  }
  return answers;
}
