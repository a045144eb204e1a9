import { describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { PassThrough } from 'node:stream';
import { CancelledError, UsageError } from '../../src/client/errors.js';
import { createEventRequest } from '../../src/client/schemas/index.js';
import type { CommandContext } from '../../src/cli/framework/context.js';
import { systemClock, type Deps } from '../../src/session/deps.js';
import { addParamFlags, checkFormats, fillMissing, paramValues, type ParamSpec } from '../../src/cli/framework/params.js';
import { kebabCase } from '../../src/util/kebab-case.js';
import { formatError } from '../../src/cli/framework/error-message.js';
import { parseRequest } from '../../src/client/validate.js';
import { answerPrompts } from './support/answer-prompts.js';

const params: ParamSpec[] = [
  { name: 'eventId', description: 'event id', positional: 'EVENT_ID', required: true },
  { name: 'eventTitle', description: 'title', required: true },
  { name: 'startDate', description: 'first day', kind: 'date', required: true },
  { name: 'startTime', description: 'start', kind: 'time' },
  { name: 'quantity', description: 'how many', kind: 'integer' },
  { name: 'price', description: 'price', kind: 'number', allowBlank: true },
  { name: 'type', description: 'kind of event', kind: 'enum', choices: ['ticketing', 'rsvp'], required: true },
  { name: 'allowCancellation', description: 'cancellable', kind: 'boolean' },
];

function contextWith(input: boolean, stdin = new PassThrough(), stderr = new PassThrough()): CommandContext {
  const deps: Deps = {
    io: { stdin, stdout: new PassThrough(), stderr, stdinIsTTY: input, stdoutIsTTY: false, stderrIsTTY: false },
    env: {},
    clock: systemClock,
    openBrowser: async () => {},
    signal: new AbortController().signal,
  };
  return { deps, globals: () => ({ profile: 'local', json: false, input, debug: false, header: false }) };
}

describe('flags declared from API parameters', () => {
  it('names each flag as the kebab-case of the API name', () => {
    expect(kebabCase('eventTitle')).toBe('event-title');
    expect(kebabCase('aboutEvent')).toBe('about-event');
    expect(kebabCase('serviceFee')).toBe('service-fee');
    expect(kebabCase('url')).toBe('url');
  });

  it('registers one option per parameter (not the positional ones) and reads them back by API name', () => {
    const command = addParamFlags(new Command('x').exitOverride(), params);
    expect(command.options.map((option) => option.long)).toEqual([
      '--event-title',
      '--start-date',
      '--start-time',
      '--quantity',
      '--price',
      '--type',
      '--allow-cancellation',
    ]);
    command.parse(['--event-title', 'Gala', '--start-date', '2030-01-02', '--price', ''], { from: 'user' });
    expect(paramValues(params, command.opts())).toEqual({ eventTitle: 'Gala', startDate: '2030-01-02', price: '' });
  });

  it('refuses every badly formatted value at once, naming each flag', () => {
    const values = { startDate: '2030-02-30', startTime: '25:00', quantity: '1.5', type: 'party', allowCancellation: 'yes', price: '' };
    let error: unknown;
    try {
      checkFormats(params, values);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UsageError);
    const message = (error as UsageError).message;
    for (const flag of ['--start-date', '--start-time', '--quantity', '--type', '--allow-cancellation']) expect(message).toContain(flag);
    expect(message).not.toContain('--price');
    expect((error as UsageError).field).toBe('--start-date');
    expect(() => checkFormats(params, { startDate: '2030-02-28', price: '12.5', type: 'rsvp' })).not.toThrow();
  });

  it('names every missing required flag when it may not ask', async () => {
    await expect(fillMissing(contextWith(false), params, { startDate: '2030-01-01' })).rejects.toThrow('missing required flags: --event-title, --type');
    await expect(fillMissing(contextWith(false), params, { eventTitle: 'x', startDate: '2030-01-01', type: 'rsvp' })).resolves.toEqual({
      eventTitle: 'x',
      startDate: '2030-01-01',
      type: 'rsvp',
    });
  });

  it('asks for missing values on a terminal, re-asking when a date is not valid and offering a list for enums', async () => {
    const stdin = new PassThrough();
    const stderr = new PassThrough();
    let shown = '';
    stderr.on('data', (chunk: Buffer) => (shown += chunk.toString()));
    const answered = answerPrompts(stderr, stdin, [
      { when: '(--event-title)', type: 'Gala\r' },
      { when: '(--start-date)', type: '2030-13-01\r' },
      { when: 'not a calendar date', type: '\x1530-12-2030\r' },
      { when: 'expected a date as yyyy-mm-dd', type: '\x152030-12-01\r' },
      { when: '(--type)', type: '\x1b[B\r' },
    ]);
    const values = await fillMissing(contextWith(true, stdin, stderr), params, {});
    await answered;
    expect(values).toEqual({ eventTitle: 'Gala', startDate: '2030-12-01', type: 'rsvp' });
    expect(shown).toContain('ticketing');
  });

  it('turns a prompt cancelled with Ctrl-C into a cancellation (exit 130)', async () => {
    const stdin = new PassThrough();
    const stderr = new PassThrough();
    const answered = answerPrompts(stderr, stdin, [{ when: '(--event-title)', type: '\x03' }]);
    await expect(fillMissing(contextWith(true, stdin, stderr), params, {})).rejects.toBeInstanceOf(CancelledError);
    await answered;
  });

  it('maps a schema error on a request field back to its flag (when the error is formatted)', () => {
    const request = {
      eventType: 'public',
      type: 'ticketing',
      eventTitle: 'Gala',
      url: 'gala',
      segment: 's',
      category: 'music',
      startDate: '2030-01-02',
      endDate: '2030-01-01',
      startTime: '10:00',
      endTime: '12:00',
      aboutEvent: 'a',
      listingImage: 'l',
      headerImage: 'h',
      contactInfo: 'c',
    };
    const refused = (): string | undefined => {
      try {
        parseRequest(createEventRequest, request);
        return undefined;
      } catch (error) {
        return formatError(error, { args: {}, group: 'event' });
      }
    };
    expect(refused()).toContain('--end-date: end date-time must be later than start date-time');
    expect(parseRequest(createEventRequest, { ...request, endDate: '2030-01-03' }).eventTitle).toBe('Gala');
  });
});
