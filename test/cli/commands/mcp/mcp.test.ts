// `boxoffice mcp mcp`: its flags → options (parsed by the real program, nothing run).
import { describe, expect, it } from 'vitest';
import { registerMcp } from '../../../../src/cli/commands/mcp/mcp.js';
import { parseVerb, verbAt } from '../../support/verb.js';

describe('mcp: flags → options', () => {
  const verb = verbAt('mcp', registerMcp);

  it('read-only by default; every flag is read', async () => {
    expect(await parseVerb(verb, ['mcp'])).toMatchObject({ code: 0, runs: [{ allowWrites: false, allowAttendeeRows: false, exportDir: undefined }] });
    const parsed = await parseVerb(verb, ['mcp', '--allow-writes', '--allow-attendee-rows', '--export-dir', 'out']);
    expect(parsed.runs).toEqual([{ allowWrites: true, allowAttendeeRows: true, exportDir: 'out' }]);
  });

  it('refuses an unknown flag with exit 2 before running', async () => {
    const parsed = await parseVerb(verb, ['mcp', '--allow-everything']);
    expect(parsed).toMatchObject({ code: 2, runs: [] });
    expect(parsed.stderr).toContain('--allow-everything');
  });
});
