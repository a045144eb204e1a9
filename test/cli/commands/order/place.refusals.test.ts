// Flag handling of order place: every refusal happens before any request (exit 2), so no
// sandbox is needed here; the flows against a sandbox are in place.test.ts.
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../../helpers/cli.js';

// Nothing listens here: a command that got past validation would fail with a connection error
// (exit 1), not a usage error.
const unreachable = {
  BOXOFFICE_CONFIG_DIR: '/nonexistent/boxoffice-test-config',
  BOXOFFICE_API_URL: 'http://127.0.0.1:9',
  BOXOFFICE_PUBLISHER_URL: 'http://127.0.0.1:9',
  BOXOFFICE_AUTH_URL: 'http://127.0.0.1:9',
  BOXOFFICE_PUBLISHER_KEY: 'pk-test',
};

describe('order place refuses bad input before any request', () => {
  it.each([
    [['order', 'place', '12', '--ticket', '7:x', '--fake'], '--ticket "7:x": the quantity must be a whole number'],
    [['order', 'place', '12', '--ticket', '7:0', '--fake'], '--ticket "7:0": the quantity must be 1 or more'],
    [['order', 'place', '12', '--fake'], 'at least one --ticket'],
    [['order', 'place', 'a b', '--ticket', '7:1', '--fake'], 'EVENT_ID "a b" is not an event id'],
    [['order', 'place', 'abc', '--ticket', '7:1', '--fake'], 'EVENT_ID "abc" is not an event id'],
    [['order', 'place', '0', '--ticket', '7:1', '--fake'], 'EVENT_ID "0" is not an event id'],
    [['order', 'place', '12', '--ticket', '7:2', '--attendee', 'A,a@b.co'], '2 tickets need 2 attendees, 1 given'],
    [['order', 'place', '12', '--ticket', '7:1', '--attendee', 'A,a@b.co', '--attendee', 'B,b@b.co'], '2 attendees given for 1 ticket'],
    [['order', 'place', '12', '--ticket', '7:1', '--attendee', 'A,nope'], '"nope" is not an email address'],
    [['order', 'place', '12', '--ticket', '7:1', '--attendees-file', '/nonexistent/people.csv'], '--attendees-file /nonexistent/people.csv: no such file'],
    [['order', 'place', '12', '--ticket', '7:1', '--fake', '--reference-no', ' '], '--reference-no: must not be empty'],
    [['--profile', 'live', 'order', 'place', '12', '--ticket', '7:1', '--fake'], 'add --yes to confirm without a terminal'],
  ])('%j', async (argv, message) => {
    const result = await runInProcess(argv, { env: unreachable });
    expect(result.stderr).toContain(message);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  });

  it('refuses an unknown --status with exit 2', async () => {
    const result = await runInProcess(['order', 'place', '12', '--ticket', '7:1', '--fake', '--status', 'paid'], { env: unreachable });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('confirm, pending, fail');
  });
});
