// A verb's flags as a list of API parameters (eventTitle → --event-title): the options, their
// values keyed by API names, their formats checked, missing ones asked for. It loads no zod
// (startup cost): formats come from schemas/values.ts, request schemas from the verbs.
import { Option, type Command } from 'commander';
import type * as z from 'zod';
import { UsageError } from '../../client/errors.js';
import { dateProblem, FORMAT_MESSAGES, EMAIL_PATTERN, INTEGER_PATTERN, NUMBER_PATTERN, TIME_PATTERN } from '../../client/schemas/values.js';
import { completeWith } from './completion-values.js';
import { verbAction, type CommandContext, type RunVerb } from './context.js';
import { createPrompter, type Prompter } from './prompt.js';
import { kebabCase } from '../../util/kebab-case.js';
import { shellQuote } from '../../util/shell-word.js';

type ParamKind = 'text' | 'date' | 'time' | 'integer' | 'number' | 'boolean' | 'enum' | 'url' | 'slug' | 'contact';

export interface ParamSpec {
  /** The API's parameter name (also the request field). */
  name: string;
  description: string;
  kind?: ParamKind;
  choices?: readonly string[];
  /** What each choice means, at the prompt. */
  choiceHelp?: Readonly<Record<string, string>>;
  /** The choices offered at the prompt (default: all); one alone is taken without asking. */
  askedChoices?: readonly string[];
  /** An answer proposed at the prompt from another parameter's value: its slug, or a copy. */
  proposal?: { from: string; as: 'slug' | 'copy' };
  /** Other words accepted for kind 'enum', each mapped to the choice it stands for. */
  synonyms?: Readonly<Record<string, string>>;
  required?: boolean;
  /** Required only when another parameter has this value (a discount's code when its category is code). */
  requiredWhen?: { name: string; value: string };
  /** For kind 'enum': asked as typed text with no answer preselected (a list preselects its first choice). */
  typedChoice?: boolean;
  /** For kinds 'integer' and 'number': the smallest value accepted. */
  min?: number;
  /** For kind 'number': an empty value is meaningful (a ticket price left blank = any amount). */
  allowBlank?: boolean;
  /** A positional argument (e.g. EVENT_ID): named so in errors, never registered as a flag. */
  positional?: string;
  alias?: string;
}

export type ParamValues = Record<string, string>;

export function flagFor(spec: ParamSpec): string {
  return spec.positional ?? `--${kebabCase(spec.name)}`;
}

const PLACEHOLDERS: Partial<Record<ParamKind, string>> = {
  date: 'yyyy-mm-dd',
  time: 'HH:MM',
  integer: 'n',
  boolean: 'true|false',
  enum: 'value',
  contact: 'text',
};

export function addParamFlags(command: Command, params: readonly ParamSpec[]): Command {
  for (const spec of params) {
    if (spec.positional) continue;
    const kind = spec.kind ?? 'text';
    // A short list fits in the placeholder; a long one (23 categories) goes in the description.
    const longList = kind === 'enum' && spec.choices !== undefined && spec.choices.length > 4;
    const placeholder = kind === 'enum' && spec.choices && !longList ? spec.choices.join('|') : longList ? kebabCase(spec.name) : (PLACEHOLDERS[kind] ?? kind);
    const flags = `${spec.alias ? `${spec.alias}, ` : ''}--${kebabCase(spec.name)} <${placeholder}>`;
    const choices = longList ? `; one of ${spec.choices?.join(', ')}` : '';
    const description = `${spec.description}${choices}${spec.required ? ' (required)' : ''}`;
    const option = new Option(flags, description);
    command.addOption(kind === 'enum' && spec.choices ? completeWith(option, spec.choices) : option);
  }
  return command;
}

/** The flags given to an update, checked: each well-formed, and at least one (`verb`: "event update"). */
export function checkChanges(params: readonly ParamSpec[], values: ParamValues, verb: string): void {
  checkFormats(params, values);
  if (Object.keys(values).length === 0) throw new UsageError(`nothing to change: name at least one flag (see boxoffice ${verb} --help)`);
}

const ID_ARGUMENTS = { eventId: ['<EVENT_ID>', 'event id'], ticketId: ['<TICKET_ID>', 'ticket id'], discountId: ['<DISCOUNT_ID>', 'discount id'] } as const;

export type FieldVerbOptions<Ids extends keyof typeof ID_ARGUMENTS> = Record<Ids, string> & { values: ParamValues };

/** A verb on a record, its fields as flags (`ticket update EVENT_ID TICKET_ID [flags]`, `ticket list EVENT_ID`): its arguments, flags, example and action. */
export function fieldVerb<Ids extends keyof typeof ID_ARGUMENTS>(
  command: Command,
  context: CommandContext,
  run: RunVerb<FieldVerbOptions<Ids>>,
  verb: { ids: readonly Ids[]; params?: readonly ParamSpec[]; update?: boolean; example: string },
): void {
  const params = verb.params ?? [];
  for (const id of verb.ids) command.argument(ID_ARGUMENTS[id][0], ID_ARGUMENTS[id][1]);
  // An update marks no flag required in --help: what is not given is read back or kept.
  addParamFlags(command, verb.update ? params.map((spec) => ({ ...spec, required: false })) : params)
    .addHelpText('after', `\nExample:\n  ${verb.example}`)
    .action(
      verbAction(context, run, (...args: unknown[]) => {
        const ids = Object.fromEntries(verb.ids.map((id, index) => [id, args[index]]));
        return { ...ids, values: paramValues(params, args[verb.ids.length] as Record<string, unknown>) } as FieldVerbOptions<Ids>;
      }),
    );
}

/** The values given as flags, keyed by API name (flags not given are absent). */
export function paramValues(params: readonly ParamSpec[], options: Record<string, unknown>): ParamValues {
  const given = params.filter((spec) => !spec.positional && typeof options[spec.name] === 'string');
  return Object.fromEntries(given.map((spec) => [spec.name, canonicalChoice(spec, options[spec.name] as string)]));
}

/** An enum value given by one of its synonyms, as the choice it stands for; anything else as given. */
function canonicalChoice(spec: ParamSpec, value: string): string {
  return spec.synonyms?.[value.trim().toLowerCase()] ?? value;
}

/** Why `value` is not acceptable for `spec`, or undefined when it is (the schemas' own rules). */
function formatProblem(spec: ParamSpec, value: string): string | undefined {
  const text = value.trim();
  switch (spec.kind ?? 'text') {
    case 'enum':
      if (!spec.choices || spec.choices.includes(text) || spec.synonyms?.[text.toLowerCase()] !== undefined) return undefined;
      return `expected one of ${spec.choices.join(', ')}`;
    case 'date':
      return dateProblem(text);
    case 'time':
      return TIME_PATTERN.test(text) ? undefined : FORMAT_MESSAGES.time;
    case 'integer':
      return INTEGER_PATTERN.test(text) ? belowMinimum(spec, text) : FORMAT_MESSAGES.integer;
    case 'number':
      if (spec.allowBlank && text === '') return undefined;
      return NUMBER_PATTERN.test(text) ? belowMinimum(spec, text) : FORMAT_MESSAGES.number;
    case 'boolean':
      return text === 'true' || text === 'false' ? undefined : FORMAT_MESSAGES.boolean;
    case 'url':
      return isHttpUrl(text) ? undefined : 'expected an http:// or https:// address';
    case 'slug':
      return SLUG.test(text) ? undefined : 'expected a slug: lowercase letters, digits and hyphens (e.g. spring-gala)';
    case 'contact':
      return !text.includes('@') || EMAIL_PATTERN.test(text) ? undefined : 'expected an e-mail address such as hello@example.com';
    default:
      return undefined;
  }
}

/** The schemas' words for a number below the field's minimum (schemas/common.ts). */
function belowMinimum(spec: ParamSpec, text: string): string | undefined {
  return spec.min !== undefined && Number(text) < spec.min ? `expected ${spec.min} or more` : undefined;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A whole number from `min` to `max` given as a flag's text, or a usage error naming the flag. */
export function wholeNumber(text: string, flag: string, min: number, max = Number.POSITIVE_INFINITY): number {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed) || Number(trimmed) < min || Number(trimmed) > max) {
    const range = max === Number.POSITIVE_INFINITY ? `of ${min} or more` : `from ${min} to ${max}`;
    throw new UsageError(`${flag}: expected a whole number ${range}, got "${text}"`, flag);
  }
  return Number(trimmed);
}

export function isHttpUrl(value: string): boolean {
  const protocol = URL.parse(value)?.protocol;
  return protocol === 'http:' || protocol === 'https:';
}

/** What the prompt proposes for `spec` from the answers so far (Enter takes it), if anything fits. */
function proposedAnswer(spec: ParamSpec, values: ParamValues): string | undefined {
  const source = spec.proposal === undefined ? undefined : values[spec.proposal.from]?.trim();
  if (source === undefined || source === '') return undefined;
  const proposed = spec.proposal?.as === 'slug' ? slugOf(source) : source;
  return proposed !== '' && formatProblem(spec, proposed) === undefined ? proposed : undefined;
}

/** "Spring Gala 2030!" → "spring-gala-2030": lowercase letters and digits, words joined by hyphens. */
function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Refuses every badly formatted value at once, naming each flag, before any request. */
export function checkFormats(params: readonly ParamSpec[], values: Readonly<Record<string, unknown>>): void {
  const problems = params.flatMap((spec) => {
    const value = values[spec.name];
    const problem = typeof value === 'string' ? formatProblem(spec, value) : undefined;
    return problem ? [{ flag: flagFor(spec), text: `${flagFor(spec)} ${JSON.stringify(value)}: ${problem}` }] : [];
  });
  if (problems.length > 0) throw new UsageError(`invalid ${problems.map((p) => p.text).join('; ')}`, problems[0].flag);
}

/** Required parameters without a (non-blank) value. */
export function missingParams(params: readonly ParamSpec[], values: Readonly<Record<string, unknown>>): ParamSpec[] {
  return params.filter((spec) => {
    const required = spec.required === true || (spec.requiredWhen !== undefined && values[spec.requiredWhen.name] === spec.requiredWhen.value);
    if (!required || spec.positional) return false;
    const value = values[spec.name];
    if (value === undefined || value === null) return true;
    return typeof value === 'string' && value.trim() === '' && !spec.allowBlank;
  });
}

/** Missing required values asked for on a terminal (unless --no-input / CI), else one usage error naming every missing flag. */
export async function fillMissing(context: CommandContext, params: readonly ParamSpec[], values: ParamValues, schema?: z.core.$ZodType): Promise<ParamValues> {
  const missing = missingParams(params, values);
  if (missing.length === 0) return values;
  if (!context.globals().input) {
    const flags = missing.map(flagFor);
    throw new UsageError(`missing required ${flags.length === 1 ? 'flag' : 'flags'}: ${flags.join(', ')}`, flags[0]);
  }
  const ask = createPrompter(context.deps);
  const completed: ParamValues = { ...values };
  // One at a time: an answer can make another value required (a code for a code discount).
  const asked = new Set<string>();
  for (let next = missingParams(params, completed)[0]; next !== undefined; next = missingParams(params, completed)[0]) {
    const only = next.askedChoices?.length === 1 ? next.askedChoices[0] : undefined;
    if (only !== undefined) {
      // One sensible choice is not a question: say what was taken.
      context.deps.io.stderr.write(`${flagFor(next)}: ${only}, the one choice offered for a new record (the flag takes the others)\n`);
      completed[next.name] = only;
      continue;
    }
    completed[next.name] = await askFor(ask, next, completed);
    asked.add(next.name);
  }
  // Rules between answers (the end after the start), checked with the request's schema once all are
  // in, through its Standard Schema face (a verb without a schema loads no zod): an answer the
  // schema refuses is asked for again, with the reason, until it passes.
  while (schema) {
    const result = schema['~standard'].validate(completed);
    if ('then' in result) throw new Error('request schemas are synchronous');
    const refused = (result.issues ?? []).flatMap((issue) => {
      const spec = params.find((candidate) => candidate.name === issue.path?.[0] && asked.has(candidate.name));
      return spec ? [{ spec, message: issue.message }] : [];
    });
    if (refused.length === 0) break;
    for (const { spec, message } of refused) {
      context.deps.io.stderr.write(`${flagFor(spec)} ${JSON.stringify(completed[spec.name])}: ${message}; asking again\n`);
      completed[spec.name] = await askFor(ask, spec, completed);
    }
  }
  return completed;
}

/** Runs `work`; when it fails after values were typed at prompts, prints the equivalent command line first, so that nothing typed is lost. */
export async function withEquivalentCommand<T>(
  context: CommandContext,
  words: readonly string[],
  params: readonly ParamSpec[],
  given: ParamValues,
  completed: ParamValues,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const prompted = params.some((spec) => completed[spec.name] !== undefined && given[spec.name] === undefined);
    if (prompted) {
      const positional = params.filter((spec) => spec.positional).map((spec) => completed[spec.name] ?? spec.positional ?? '');
      const flags = params
        .filter((spec) => !spec.positional && completed[spec.name] !== undefined)
        .flatMap((spec) => [`--${kebabCase(spec.name)}`, completed[spec.name]]);
      context.deps.io.stderr.write(
        `the same as a command line (what was typed is kept):\n  ${['boxoffice', ...words, ...positional, ...flags].map(shellQuote).join(' ')}\n`,
      );
    }
    throw error;
  }
}

/** One question for one parameter: a list for enums and booleans, validated text otherwise (`values`: the answers so far). */
async function askFor(prompter: Prompter, spec: ParamSpec, values: ParamValues): Promise<string> {
  const message = `${spec.description} (${flagFor(spec)})`;
  const kind = spec.kind ?? 'text';
  if (kind === 'enum' && spec.choices && !spec.typedChoice) {
    return prompter.select({ message, choices: spec.askedChoices ?? spec.choices, describe: (choice) => spec.choiceHelp?.[choice] });
  }
  if (kind === 'boolean') return prompter.select({ message, choices: ['true', 'false'] as const });
  // Typed text: the choices of a typed enum, or a date's or time's format, after the question.
  const shape = kind === 'enum' ? spec.choices?.join('|') : kind === 'date' || kind === 'time' ? PLACEHOLDERS[kind] : undefined;
  const answer = await prompter.text({
    message: shape === undefined ? message : `${message} [${shape}]`,
    default: proposedAnswer(spec, values),
    validate: (text) => (text.trim() === '' && !spec.allowBlank ? 'a value is required' : (formatProblem(spec, text) ?? true)),
  });
  return kind === 'enum' && spec.choices ? canonicalChoice(spec, answer.trim()) : answer;
}
