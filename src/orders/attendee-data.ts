// Fills the attendee form of an order (P9) with the buyer's answers, for save-attendee (P10).
import { BoxofficeError, nameErrorClasses } from '../client/errors.js';
import type { FormField } from '../client/schemas/index.js';
import type { AttendeeAnswers } from './answers.js';
import { fakeAttendee, plausibleAnswer } from './fake.js';

/** The form-field ids of the three default fields of every attendee form. */
export const DEFAULT_FIELD = { name: 'default_1', email: 'default_2', phone: 'default_3' } as const;

export interface AttendeeValue {
  id: string;
  label: string;
  /** The choices ticked, for a MultiCheckbox field. */
  value: string | string[];
}

/** Separates the choices of a MultiCheckbox answer given as one text ("Jazz; Blues"). */
const CHOICE_SEPARATOR = ';';

/** A MultiCheckbox field is answered with a list (the service's own clients send one). */
function valueFor(field: FormField, text: string): string | string[] {
  if (field.type.trim().toLowerCase() !== 'multicheckbox') return text;
  return text
    .split(CHOICE_SEPARATOR)
    .map((choice) => choice.trim())
    .filter((choice) => choice !== '');
}

export interface MissingAnswer {
  /** 1-based position of the attendee in the order. */
  attendee: number;
  label: string;
}

/** Mandatory questions of the form are unanswered; the order was generated but not completed. */
export class MissingAnswersError extends BoxofficeError {
  constructor(
    readonly orderNo: string,
    readonly missing: readonly MissingAnswer[],
    /** What became of the generated order, told after the missing answers. */
    readonly aftermath?: string,
  ) {
    super(
      `order ${orderNo} needs answers to mandatory questions: ${describeMissing(missing)}; ` +
        'give them as columns of --attendees-file (header = the question label), or use --fake' +
        (aftermath ? ` (${aftermath})` : ''),
    );
  }
}
nameErrorClasses({ MissingAnswersError });

function describeMissing(missing: readonly MissingAnswer[]): string {
  const byAttendee = new Map<number, string[]>();
  for (const { attendee, label } of missing) byAttendee.set(attendee, [...(byAttendee.get(attendee) ?? []), label]);
  return [...byAttendee].map(([attendee, labels]) => `attendee ${attendee}: ${labels.map((l) => JSON.stringify(l)).join(', ')}`).join('; ');
}

/** attendee_1, attendee_2, … in numeric order (attendee_10 after attendee_9). */
export function attendeeKeys(form: Record<string, unknown>): string[] {
  const position = (key: string) => Number(/^attendee_(\d+)$/.exec(key)?.[1] ?? Number.POSITIVE_INFINITY);
  return Object.keys(form).sort((a, b) => position(a) - position(b) || a.localeCompare(b));
}

function customAnswer(answers: AttendeeAnswers, field: FormField): string | undefined {
  const wanted = [field.label.trim().toLowerCase(), field.id.toLowerCase()];
  for (const [key, value] of Object.entries(answers.custom)) {
    if (wanted.includes(key.trim().toLowerCase()) && value !== '') return value;
  }
  return undefined;
}

function answerFor(field: FormField, answers: AttendeeAnswers | undefined): string | undefined {
  if (!answers) return undefined;
  const given = customAnswer(answers, field);
  if (given !== undefined) return given;
  if (field.id === DEFAULT_FIELD.name) return answers.name || undefined;
  if (field.id === DEFAULT_FIELD.email) return answers.email || undefined;
  if (field.id === DEFAULT_FIELD.phone) return answers.phone || undefined;
  return undefined;
}

export interface FillOptions {
  orderNo: string;
  /** Answers in attendee order; position n answers attendee_(n+1). */
  answers: readonly (AttendeeAnswers | undefined)[];
  /** Fill every unanswered question with deterministic fake data. */
  fake: boolean;
}

/** The `attendees` object of P10, or MissingAnswersError naming each unanswered mandatory label. */
export function fillAttendeeForm(form: Record<string, readonly FormField[]>, options: FillOptions): Record<string, AttendeeValue[]> {
  const attendees: Record<string, AttendeeValue[]> = {};
  const missing: MissingAnswer[] = [];
  attendeeKeys(form).forEach((key, position) => {
    const given = options.answers[position];
    const person = options.fake ? fakeAttendee(options.orderNo, position) : undefined;
    attendees[key] = (form[key] ?? []).flatMap((field) => {
      let value = answerFor(field, given);
      if (value === undefined && person) {
        value = answerFor(field, person) ?? plausibleAnswer(field, given ? { ...person, ...nonEmpty(given) } : person);
      }
      if (value === undefined) {
        if (field.mandatory) missing.push({ attendee: position + 1, label: field.label });
        return [];
      }
      return [{ id: field.id, label: field.label, value: valueFor(field, value) }];
    });
  });
  if (missing.length > 0) throw new MissingAnswersError(options.orderNo, missing);
  return attendees;
}

function nonEmpty(answers: AttendeeAnswers): Partial<AttendeeAnswers> {
  return Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== '')) as Partial<AttendeeAnswers>;
}
