// The CLI writes every sentence that names its commands: a core (src/ outside the front ends
// src/cli, src/mcp, src/session, and the loader) returns what happened and what to do next as
// data, and the CLI (src/cli/framework/error-message.ts, or the command) words it as a command line; the
// MCP server words the same data in its tools' terms. Read from the code as esbuild compiles it:
// comments do not count (and no identifier holds a space, so what matches is in a string).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** Where the front ends live: they may word the CLI's commands. */
const FRONT_ENDS = ['src/cli/', 'src/mcp/', 'src/session/', 'src/loader/'];

/** The CLI's top-level commands, as `boxoffice --help` lists them. */
function topLevelCommands(): string[] {
  const text = readFileSync('src/cli/commands/summaries.ts', 'utf8');
  const table = text.slice(text.indexOf('TOP_LEVEL_SUMMARIES = {'), text.indexOf('} as const'));
  return [...table.matchAll(/^ {2}(\w+): /gm)].map((match) => match[1]);
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The code of `file` without its comments. */
function code(file: string): string {
  return transformSync(readFileSync(file, 'utf8'), { loader: 'ts', legalComments: 'none', charset: 'utf8' }).code;
}

/** `boxoffice event list`, `boxoffice login`: a command line of the CLI (not the sandbox's page titles, "Sign in — boxoffice sandbox"). */
function commandLinePattern(commands: readonly string[]): RegExp {
  return new RegExp(`(?<!— )\\bboxoffice (?:${commands.join('|')})\\b`);
}

describe('cores word no command line of the CLI', () => {
  const commands = topLevelCommands();
  const pattern = commandLinePattern(commands);
  const cores = sourceFiles('src').filter((file) => !FRONT_ENDS.some((front) => file.startsWith(front)));

  it('reads the commands and finds a command line where there is one', () => {
    expect(commands).toEqual(expect.arrayContaining(['event', 'attendees', 'login', 'sandbox']));
    expect(cores.length).toBeGreaterThan(100);
    expect(pattern.test('run boxoffice attendees export 12 -o a.csv --resume')).toBe(true);
    expect(pattern.test('(log in: boxoffice login)')).toBe(true);
    expect(pattern.test('boxoffice now checks it')).toBe(false);
    expect(pattern.test('Sign in — boxoffice sandbox')).toBe(false);
  });

  it('has none in the string literals of any core', () => {
    expect(cores.filter((file) => pattern.test(code(file)))).toEqual([]);
  });
});
