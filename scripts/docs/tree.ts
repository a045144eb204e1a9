// The command tree as the CLI builds it, read through commander's own Help APIs, so that the
// reference pages and the man page show what `--help` shows (and follow any configureHelp).
import type { EventEmitter } from 'node:events';
import type { Argument, Command, Help, Option } from 'commander';
import { closedDeps } from '../../src/cli/process/closed-deps.js';
import { buildProgram } from '../../src/cli/framework/main.js';
import { fitHelpText } from '../../src/cli/framework/help.js';

/** Help is rendered as on a pipe: 80 columns, no colours. */
export const HELP_WIDTH = 80;

export interface FlagDoc {
  term: string;
  description: string;
  defaultValue?: string;
  choices?: readonly string[];
  env?: string;
}

export interface ArgumentDoc {
  name: string;
  description: string;
  required: boolean;
  variadic: boolean;
  defaultValue?: string;
  choices?: readonly string[];
}

export interface CommandDoc {
  /** Words after `boxoffice`, e.g. ['event', 'create']; [] for the program itself. */
  path: string[];
  usage: string;
  description: string;
  arguments: ArgumentDoc[];
  flags: FlagDoc[];
  inheritedFlags: FlagDoc[];
  subcommands: { path: string[]; term: string; description: string }[];
  examples: string[];
  /** The text `boxoffice ... --help` prints, exactly. */
  help: string;
}

function shownDefault(value: unknown, description: string | undefined): string | undefined {
  if (description !== undefined) return description;
  if (value === undefined || value === false) return undefined;
  return JSON.stringify(value);
}

function flagDoc(option: Option, help: Help): FlagDoc {
  return {
    term: help.optionTerm(option),
    description: option.description,
    defaultValue: shownDefault(option.defaultValue, option.defaultValueDescription),
    choices: option.argChoices,
    env: option.envVar,
  };
}

function argumentDoc(argument: Argument): ArgumentDoc {
  return {
    name: argument.name(),
    description: argument.description,
    required: argument.required,
    variadic: argument.variadic,
    defaultValue: shownDefault(argument.defaultValue, argument.defaultValueDescription),
    choices: argument.argChoices,
  };
}

/** The text that the help listeners of one position (`after`, ...) add. */
function helpTextAt(command: Command, position: 'afterHelp'): string {
  let text = '';
  // commander's Command is an EventEmitter (addHelpText adds listeners); its typings leave that out.
  (command as unknown as EventEmitter).emit(position, { error: false, write: (chunk: string) => (text += chunk), command });
  return text;
}

/** The indented lines under an "Example:" or "Examples:" heading of the text after the help. */
export function examplesIn(afterHelp: string): string[] {
  const examples: string[] = [];
  let inExamples = false;
  for (const line of afterHelp.split('\n')) {
    if (/^Examples?:\s*$/.test(line)) inExamples = true;
    else if (inExamples && line.startsWith('  ')) examples.push(line.slice(2));
    else if (inExamples) inExamples = false;
  }
  return examples;
}

function captureHelp(command: Command): string {
  let text = '';
  command.configureOutput({
    writeOut: (chunk) => (text += fitHelpText(chunk, HELP_WIDTH)),
    getOutHelpWidth: () => HELP_WIDTH,
    getOutHasColors: () => false,
  });
  command.outputHelp();
  return text;
}

function find(program: Command, path: readonly string[]): Command {
  let command = program;
  for (const name of path) {
    const next = command.commands.find((sub) => sub.name() === name);
    if (!next) throw new Error(`no command ${path.join(' ')}`);
    command = next;
  }
  return command;
}

function isHelpCommand(command: Command): boolean {
  return command.name() === 'help';
}

/** Every command path in the tree, the program first, depth first in help order. */
function allPaths(command: Command, path: string[] = []): string[][] {
  return [path, ...command.commands.filter((sub) => !isHelpCommand(sub)).flatMap((sub) => allPaths(sub, [...path, sub.name()]))];
}

/**
 * Reads every command. The help text of each is taken from a program built for that command's
 * own argument list, as the CLI builds it (the groups not run are placeholders there).
 */
export async function readCommandTree(): Promise<CommandDoc[]> {
  const deps = closedDeps('generating the reference opens no browser');
  const full = await buildProgram(deps, ['completion']);
  const docs: CommandDoc[] = [];
  for (const path of allPaths(full)) {
    const command = find(full, path);
    const help = command.createHelp();
    help.showGlobalOptions = true;
    const asRun = find(await buildProgram(deps, path), path);
    docs.push({
      path,
      usage: help.commandUsage(command),
      description: help.commandDescription(command),
      arguments: help.visibleArguments(command).map(argumentDoc),
      flags: help.visibleOptions(command).map((option) => flagDoc(option, help)),
      inheritedFlags: help.visibleGlobalOptions(command).map((option) => flagDoc(option, help)),
      subcommands: help
        .visibleCommands(command)
        .filter((sub) => !isHelpCommand(sub))
        .map((sub) => ({ path: [...path, sub.name()], term: help.subcommandTerm(sub), description: help.subcommandDescription(sub) })),
      examples: examplesIn(helpTextAt(command, 'afterHelp')),
      help: captureHelp(asRun),
    });
  }
  return docs;
}
