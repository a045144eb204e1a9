// A verb's flags → options without a server (gh's runF): argv goes through the real program
// (global flags, id checks, commander's parsing, the verb's own flag conversion, the exit codes of
// runCli), with the verb registered again around a run function that records the options it is
// given instead of running. And, for values a verb checks inside its run, whether the real run
// refuses them before sending anything.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { registerCommands } from '../../../src/cli/commands/index.js';
import type { CommandContext, RunVerb } from '../../../src/cli/framework/context.js';
import { runInProcess, type RunOptions, type RunResult } from '../../helpers/cli.js';

export interface VerbUnderTest<Options> {
  /** The command the register function adds its commands to: [] for the program, ['event'] for a group. */
  parent: readonly string[];
  /** The commands it adds there. */
  names: readonly string[];
  register(parent: Command, context: CommandContext, run: RunVerb<Options>): void;
}

/** `verbAt('event get', registerEventGet)`; `verbAt('apply', registerApply)` for a top-level verb. */
export function verbAt<Options>(path: string, register: (parent: Command, context: CommandContext, run: RunVerb<Options>) => void): VerbUnderTest<Options> {
  const words = path.split(' ');
  return { parent: words.slice(0, -1), names: words.slice(-1), register };
}

export interface Parsed<Options> extends RunResult {
  /** The options of every run the command asked for: none when the flags were refused. */
  runs: Options[];
}

/** Runs `argv` in-process with the verb's run recording its options. The environment has no token and an empty config directory. */
export async function parseVerb<Options>(verb: VerbUnderTest<Options>, argv: string[], options: RunOptions = {}): Promise<Parsed<Options>> {
  const runs: Options[] = [];
  const configDir = mkdtempSync(join(tmpdir(), 'boxoffice-verb-'));
  try {
    const result = await runInProcess(argv, {
      ...options,
      env: { BOXOFFICE_CONFIG_DIR: configDir, BOXOFFICE_DATA_DIR: configDir, ...options.env },
      register: async (program, context, invoked) => {
        await registerCommands(program, context, invoked);
        const parent = verb.parent.reduce((command, name) => childNamed(command, name), program);
        for (const name of verb.names) {
          const commands = parent.commands as Command[];
          commands.splice(commands.indexOf(childNamed(parent, name)), 1);
        }
        verb.register(parent, context, async (given) => {
          runs.push(given);
        });
      },
    });
    return { ...result, runs };
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
}

function childNamed(command: Command, name: string): Command {
  const child = command.commands.find((candidate) => candidate.name() === name);
  if (!child) throw new Error(`no command ${name} under ${command.name()}`);
  return child;
}

export interface Refusal extends RunResult {
  /** Every request that reached the service, as "METHOD /path". */
  requests: string[];
}

/**
 * Runs `argv` for real, against a loopback server that records what it is sent and answers 500,
 * with a token and an empty config directory: a refused value gives exit 2 and no request.
 */
export async function runAgainstRecorder(argv: string[], options: RunOptions = {}): Promise<Refusal> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"recorder"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const configDir = mkdtempSync(join(tmpdir(), 'boxoffice-verb-'));
  try {
    const result = await runInProcess(argv, {
      ...options,
      env: {
        BOXOFFICE_CONFIG_DIR: configDir,
        BOXOFFICE_DATA_DIR: configDir,
        BOXOFFICE_API_URL: url,
        BOXOFFICE_PUBLISHER_URL: url,
        BOXOFFICE_AUTH_URL: url,
        BOXOFFICE_TOKEN: 'recorder-token',
        BOXOFFICE_PUBLISHER_KEY: 'recorder-publisher-key',
        BOXOFFICE_BOOKING_KEY: 'recorder-booking-key',
        ...options.env,
      },
    });
    return { ...result, requests };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(configDir, { recursive: true, force: true });
  }
}
