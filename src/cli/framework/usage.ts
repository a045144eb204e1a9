// Reading an argument list the way a person meant it: which command a bare call asks help for,
// and where a positional argument given as a flag (`--event-id 12`) belongs.
import type { Command } from 'commander';
import { GLOBAL_OPTIONS_WITH_VALUE } from './global-options.js';
import { commandPath } from './help.js';

/**
 * `ticket list --event-id 1`: the option names a positional argument, so say where it goes:
 * "EVENT_ID goes after the command, as in boxoffice ticket list 1".
 */
export function withPositionalHint(command: Command, text: string, argv: readonly string[]): string {
  const flag = /^error: unknown option '(--[a-z][a-z-]*)(?:=[^']*)?'/.exec(text)?.[1];
  if (flag === undefined) return text;
  const argumentName = flag.slice(2).replace(/-/g, '_').toUpperCase();
  const names = command.registeredArguments.map((argument) => argument.name());
  if (!names.includes(argumentName)) return text;
  const index = argv.findIndex((word) => word === flag || word.startsWith(`${flag}=`));
  const word = argv[index] ?? '';
  const given = word.includes('=') ? word.slice(word.indexOf('=') + 1) : argv[index + 1];
  const example = names.map((name) => (name === argumentName && given !== undefined && !given.startsWith('-') ? given : name));
  const hint = `${argumentName} goes after the command, not in a flag, as in ${commandPath(command)} ${example.join(' ')}`;
  return `${text.replace(/\n$/, '')}: ${hint}\n`;
}

/**
 * The command whose own help a bare call asks for: `boxoffice` alone, or a group without its
 * verb (`boxoffice event`). gh prints that help on stdout and succeeds; so does boxoffice.
 */
export function groupWithoutVerb(program: Command, argv: readonly string[]): Command | undefined {
  let current = program;
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index];
    if (word === '--' || word === '-h' || word === '--help' || word === '-V' || word === '--version') return undefined;
    if (GLOBAL_OPTIONS_WITH_VALUE.has(word)) index++;
    if (word.startsWith('-')) {
      // An option this help would not explain is commander's to refuse.
      const known = [program, current].some((command) => command.options.some((option) => option.long === word || option.short === word));
      if (!known) return undefined;
      continue;
    }
    const sub = current.commands.find((command) => command.name() === word || command.aliases().includes(word));
    if (sub === undefined) return undefined;
    current = sub;
  }
  return current.commands.length > 0 ? current : undefined;
}
