// event details: refusals before any request (exit 2).
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../../helpers/cli.js';
import { registerEventDetails } from '../../../../src/cli/commands/event/details.js';
import { parseVerb, verbAt } from '../../support/verb.js';

// Nothing listens here: a command that got past validation would fail with a connection error
// (exit 1), not a usage error.
const unreachable = {
  BOXOFFICE_CONFIG_DIR: '/nonexistent/boxoffice-test-config',
  BOXOFFICE_API_URL: 'http://127.0.0.1:9',
  BOXOFFICE_PUBLISHER_URL: 'http://127.0.0.1:9',
  BOXOFFICE_AUTH_URL: 'http://127.0.0.1:9',
  BOXOFFICE_PUBLISHER_KEY: 'pk-test',
};

describe('event details', () => {
  it('refuses an id that is neither a number nor a code with exit 2', async () => {
    const result = await runInProcess(['event', 'details', 'x 1'], { env: unreachable });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('EVENT_ID "x 1" is not an event id');
  });
});

describe('event details: flags → options', () => {
  const verb = verbAt('event details', registerEventDetails);

  it('takes the event id or code, trimmed', async () => {
    expect(await parseVerb(verb, ['event', 'details', '12'])).toMatchObject({ code: 0, runs: [{ eventId: '12' }] });
    expect(await parseVerb(verb, ['event', 'details', 'EKDJHH'])).toMatchObject({ code: 0, runs: [{ eventId: 'EKDJHH' }] });
    const missing = await parseVerb(verb, ['event', 'details']);
    expect(missing).toMatchObject({ code: 2, runs: [] });
    expect(missing.stderr).toContain('EVENT_ID');
  });
});
