// Every verb's tests are found from its path: src/cli/commands/GROUP/VERB.ts, the file that adds
// a command (`.command(`), has test/cli/commands/GROUP/VERB.test.ts, and may have more aspects of
// it as VERB.ASPECT.test.ts. A group's index.ts adds the group and calls its verbs' register
// functions; every other file without `.command(` is a helper of the verbs (params, read-back,
// shared flags…), tested through them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = 'src/cli/commands';
const TESTS = 'test/cli/commands';

function filesUnder(directory: string, suffix: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith(suffix))
    .map((path) => path.split('\\').join('/'))
    .sort();
}

/** GROUP/VERB for each source file that adds a command. */
function verbs(): string[] {
  return filesUnder(SOURCE, '.ts')
    .filter((path) => path.includes('/') && !path.endsWith('/index.ts'))
    .filter((path) => readFileSync(join(SOURCE, path), 'utf8').includes('.command('))
    .map((path) => path.replace(/\.ts$/, ''));
}

describe('tests beside verbs', () => {
  it('finds the verbs by the rule (a sample that must be among them, and helpers that must not)', () => {
    const found = verbs();
    expect(found).toEqual(expect.arrayContaining(['event/get', 'apply/apply', 'auth/status', 'completion/completion', 'sandbox/attendee-tools']));
    for (const helper of ['event/params', 'event/readback', 'attendees/shared', 'sandbox/shared', 'config/keys']) expect(found).not.toContain(helper);
  });

  it('every verb has test/cli/commands/GROUP/VERB.test.ts', () => {
    const missing = verbs().filter((verb) => !existsSync(join(TESTS, `${verb}.test.ts`)));
    expect(missing.map((verb) => `${SOURCE}/${verb}.ts has no ${TESTS}/${verb}.test.ts`)).toEqual([]);
  });

  it('every test under test/cli/commands belongs to a verb: GROUP/VERB.test.ts or GROUP/VERB.ASPECT.test.ts', () => {
    const known = new Set(verbs());
    const orphans = filesUnder(TESTS, '.test.ts').filter((path) => !known.has(path.replace(/(\.[a-z-]+)?\.test\.ts$/, '')));
    expect(orphans).toEqual([]);
  });

  it("every verb's test parses its flags through the real program (test/cli/support/verb.ts)", () => {
    const without = verbs().filter((verb) => !readFileSync(join(TESTS, `${verb}.test.ts`), 'utf8').includes('parseVerb('));
    expect(without).toEqual([]);
  });
});
