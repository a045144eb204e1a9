// Fills the attendee form of an order (P9) with the buyer's answers, or with fake ones (--fake),
// for save-attendee (P10).
import { BoxofficeError, nameErrorClasses } from '../client/errors.js';
import type { FormField, SaveAttendeeData } from '../client/schemas/index.js';
import type { AttendeeAnswers } from './answers.js';

export const DEFAULT_FIELD = { name: 'default_1', email: 'default_2', phone: 'default_3' } as const;

/** A MultiCheckbox field is answered with a list (the service's own clients send one), given as one text ("Jazz; Blues"). */
function valueFor(field: FormField, text: string): string | string[] {
  if (field.type.trim().toLowerCase() !== 'multicheckbox') return text;
  return text
    .split(';')
    .map((choice) => choice.trim())
    .filter((choice) => choice !== '');
}

/** `attendee`: 1-based. */
type MissingAnswer = { attendee: number; label: string };

/** Mandatory questions of the form are unanswered; the order was generated but not completed. */
export class MissingAnswersError extends BoxofficeError {
  constructor(
    orderNo: string,
    readonly missing: readonly MissingAnswer[],
  ) {
    super(
      `order ${orderNo} needs answers to mandatory questions: ${describeMissing(missing)}; ` +
        'give them as columns of --attendees-file (header = the question label), or use --fake',
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

export function defaultRole(id: string): 'name' | 'email' | 'phone' | undefined {
  return (Object.keys(DEFAULT_FIELD) as (keyof typeof DEFAULT_FIELD)[]).find((role) => DEFAULT_FIELD[role] === id);
}

/** A custom answer keyed by the field's label or id, else the default field's. */
function answerFor(field: FormField, answers: AttendeeAnswers | undefined): string | undefined {
  if (!answers) return undefined;
  const wanted = [field.label.trim().toLowerCase(), field.id.toLowerCase()];
  const custom = Object.entries(answers.custom).find(([key, value]) => wanted.includes(key.trim().toLowerCase()) && value !== '');
  const role = defaultRole(field.id);
  return custom?.[1] ?? ((role && answers[role]) || undefined);
}

/** P10's `attendees`: `answers[n]` answers attendee_(n+1), with `fake` fake data the rest; MissingAnswersError names each mandatory label left. */
export function fillAttendeeForm(
  form: Record<string, readonly FormField[]>,
  options: { orderNo: string; answers: readonly (AttendeeAnswers | undefined)[]; fake: boolean },
): SaveAttendeeData['attendees'] {
  const attendees: SaveAttendeeData['attendees'] = {};
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

// Deterministic fake attendees for `--fake`: the same seed and position always give the same
// person, so tests and the demo can predict what the export will contain.
const FIRST_NAMES = ['Asha', 'Ben', 'Chioma', 'Diego', 'Elif', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kavya', 'Liam', 'Mei', 'Nikhil', 'Olga', 'Priya'];
const LAST_NAMES = 'Rao Okafor Lindqvist Moreno Tanaka Iyer Novak Haddad Costa Fischer Mensah Kowalski Nair Dubois Sato Walsh'.split(' ');

/** FNV-1a: a small, stable string hash (no randomness, same result on every platform). */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** The fake attendee at `position` (0-based) for `seed` (the order number). */
export function fakeAttendee(seed: string, position: number): AttendeeAnswers {
  const base = hash(seed);
  const pick = (base + position * 17) % (FIRST_NAMES.length * LAST_NAMES.length);
  const first = FIRST_NAMES[pick % FIRST_NAMES.length] as string;
  const last = LAST_NAMES[Math.floor(pick / FIRST_NAMES.length)] as string;
  const serial = String((base % 9000) + 1000 + position).padStart(5, '0');
  return {
    name: `${first} ${last}`,
    email: `${first}.${last}.${serial}@example.com`.toLowerCase(),
    phone: `+91 98${serial.slice(0, 3)} ${serial}`,
    custom: {},
  };
}

const PLAUSIBLE_BY_LABEL: Array<[RegExp, (person: AttendeeAnswers) => string]> = [
  [/e-?mail/i, (person) => person.email],
  [/phone|mobile|contact number/i, (person) => person.phone],
  [/company|organi[sz]ation|employer|institution|college/i, () => 'Example Labs'],
  [/designation|job|title|role|position/i, () => 'Engineer'],
  [/city|town/i, () => 'Bengaluru'],
  [/country/i, () => 'India'],
  [/t-?shirt|size/i, () => 'M'],
  [/age/i, () => '30'],
  [/gender/i, () => 'Prefer not to say'],
  [/diet|food|meal/i, () => 'Vegetarian'],
  [/website|url|link/i, () => 'https://example.com'],
  [/name/i, (person) => person.name],
];

/** `options`: the choices, when the sandbox or service sends them with the field (not documented). */
export function plausibleAnswer(
  question: Pick<FormField, 'label'> & Partial<Pick<FormField, 'type' | 'validation'>> & { options?: unknown },
  person: AttendeeAnswers,
): string {
  if (Array.isArray(question.options) && question.options.length > 0) return String(question.options[0]);
  const validation = `${question.validation ?? ''} ${question.type ?? ''}`.toLowerCase();
  if (validation.includes('email')) return person.email;
  if (/number|numeric|digit|integer/.test(validation)) return '1';
  if (validation.includes('date')) return '2000-01-01';
  for (const [pattern, answer] of PLAUSIBLE_BY_LABEL) {
    if (pattern.test(question.label)) return answer(person);
  }
  return 'Yes';
}
