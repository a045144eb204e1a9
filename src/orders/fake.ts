// Deterministic fake attendees for `order place --fake`: the same seed and position always give
// the same person, so tests and the demo can predict what the export will contain.
import type { AttendeeAnswers } from './answers.js';

const FIRST_NAMES = ['Asha', 'Ben', 'Chioma', 'Diego', 'Elif', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kavya', 'Liam', 'Mei', 'Nikhil', 'Olga', 'Priya'];
const LAST_NAMES = [
  'Rao',
  'Okafor',
  'Lindqvist',
  'Moreno',
  'Tanaka',
  'Iyer',
  'Novak',
  'Haddad',
  'Costa',
  'Fischer',
  'Mensah',
  'Kowalski',
  'Nair',
  'Dubois',
  'Sato',
  'Walsh',
];

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

/** Plausible answers to custom questions, chosen by what the label asks for. */
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

export interface QuestionShape {
  label: string;
  type?: string;
  validation?: string | null;
  /** Choices, when the sandbox or service sends them with the field (not documented). */
  options?: unknown;
}

export function plausibleAnswer(question: QuestionShape, person: AttendeeAnswers): string {
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
