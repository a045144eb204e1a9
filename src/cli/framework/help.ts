// How help reads, set on the commander tree itself so that whatever renders help from it
// (`--help`, `help X`, the docs generator) gets the same text; and how usage errors are read.
import { Help, type Command, type Option } from 'commander';
import type { Io } from '../../session/deps.js';
import { GLOBAL_OPTIONS_WITH_VALUE } from './global-options.js';

const DEFAULT_HELP_WIDTH = 80;

const INHERITED_FLAGS: readonly string[] = ['--json', '--profile', '--no-input', '--debug', '--header'];

const HEADINGS: Readonly<Record<string, string>> = { 'Global Options:': 'Inherited flags:', 'Options:': 'Flags:' };

/** Commander's layout of an item: two spaces, the term, two spaces, the description (or, under the term, six). */
const ITEM_INDENT = 2;
const UNDER_TERM_INDENT = 6;

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current; current = current.parent) names.unshift(current.name());
  return names.join(' ');
}

export function subcommand(command: Command, word: string): Command | undefined {
  return command.commands.find((sub) => sub.name() === word || sub.aliases().includes(word));
}

export function helpWidthFor(io: Pick<Io, 'columns'>): number {
  return io.columns ?? DEFAULT_HELP_WIDTH;
}

export function configureCommandHelp(command: Command): void {
  command.configureHelp({
    showGlobalOptions: true,
    visibleGlobalOptions(this: Help, cmd: Command): Option[] {
      const inherited: Option[] = [];
      for (let ancestor = cmd.parent; ancestor; ancestor = ancestor.parent) {
        inherited.push(...ancestor.options.filter((option) => option.long !== undefined && INHERITED_FLAGS.includes(option.long)));
      }
      return inherited;
    },
    formatItem(this: Help, term: string, termWidth: number, description: string, helper: Help): string {
      // With long flags, the column left for descriptions can be too narrow to wrap into (commander
      // then does not wrap at all): put the description under its flag instead.
      const width = helper.helpWidth ?? DEFAULT_HELP_WIDTH;
      const descriptionWidth = width - termWidth - 2 * ITEM_INDENT;
      if (description === '' || descriptionWidth >= helper.minWidthToWrap) {
        return Help.prototype.formatItem.call(this, term, termWidth, description, helper);
      }
      const indent = ' '.repeat(UNDER_TERM_INDENT);
      const wrapped = helper.boxWrap(description, width - UNDER_TERM_INDENT).replace(/\n/g, `\n${indent}`);
      return `${' '.repeat(ITEM_INDENT)}${term}\n${indent}${wrapped}`;
    },
    formatItemList(this: Help, heading: string, items: string[], helper: Help): string[] {
      if (items.length === 0) return [];
      return [helper.styleTitle(HEADINGS[heading] ?? heading), ...items, ''];
    },
    commandUsage(this: Help, cmd: Command): string {
      return Help.prototype.commandUsage.call(this, cmd).replace('[options]', '[flags]');
    },
    subcommandTerm(this: Help, cmd: Command): string {
      return Help.prototype.subcommandTerm.call(this, cmd).replace('[options]', '[flags]');
    },
    optionDescription(this: Help, option: Option): string {
      const extra: string[] = [];
      if (option.argChoices) extra.push(`one of: ${option.argChoices.join(', ')}`);
      const showDefault = option.required || option.optional || (option.isBoolean() && typeof option.defaultValue === 'boolean');
      if (option.defaultValue !== undefined && showDefault) extra.push(`default: ${option.defaultValueDescription ?? String(option.defaultValue)}`);
      if (option.envVar !== undefined) extra.push(`env: ${option.envVar}`);
      return [option.description, ...extra.map((item) => `(${item})`)].filter((part) => part !== '').join(' ');
    },
  });
  command.showHelpAfterError(`(see ${commandPath(command)} --help)`);
}

/** A command line in help text: `  boxoffice …` or `  NAME=value boxoffice …`. */
const COMMAND_LINE = /^\s+(\$ )?([A-Z_]+=\S+ )*boxoffice\b/;

/** Help's examples and notes fitted to `width`: a too-long paragraph re-wrapped, a too-long command line continued with " \\", never inside quotes. */
export function fitHelpText(text: string, width: number): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    if (line.trim() === '' || COMMAND_LINE.test(line)) {
      out.push(...(line.length > width ? continueCommand(line, width) : [line]));
      continue;
    }
    let end = index;
    while (end + 1 < lines.length && lines[end + 1].trim() !== '' && !COMMAND_LINE.test(lines[end + 1]) && indentOf(lines[end + 1]) === indentOf(line))
      end += 1;
    const paragraph = lines.slice(index, end + 1);
    const tooLong = paragraph.some((each) => each.length > width);
    out.push(...(tooLong ? fill(paragraph.join(' ').trim().split(/ +/), width, indentOf(line), indentOf(line)) : paragraph));
    index = end;
  }
  return out.join('\n');
}

function indentOf(line: string): string {
  return /^\s*/.exec(line)?.[0] ?? '';
}

/** Lines of at most `width`: the first starts with `first`, the others with `next`, and all but the last end with `end`. */
function fill(words: readonly string[], width: number, first: string, next: string, end = ''): string[] {
  const lines: string[] = [];
  let current = '';
  let prefix = first;
  for (const word of words) {
    if (current !== '' && prefix.length + current.length + 1 + word.length + end.length > width) {
      lines.push(`${prefix}${current}${end}`);
      prefix = next;
      current = word;
    } else {
      current = current === '' ? word : `${current} ${word}`;
    }
  }
  if (current !== '' || lines.length === 0) lines.push(prefix + current);
  return lines;
}

function continueCommand(line: string, width: number): string[] {
  const indent = indentOf(line);
  // Words of the command line, a quoted string kept whole; a trailing " \\" or "# comment" kept as it is.
  const words = line.trim().match(/(?:[^\s"']+|"[^"]*"|'[^']*')+|#.*$/g) ?? [];
  const trailing = words[words.length - 1] === '\\' ? words.pop() : undefined;
  const lines = fill(words, width, indent, `${indent}    `, ' \\');
  if (trailing) lines[lines.length - 1] += ' \\';
  return lines;
}

/** `ticket list --event-id 1`: "EVENT_ID goes after the command, not in a flag, as in boxoffice ticket list 1". */
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

/** The command whose help a bare call asks for (`boxoffice`, `boxoffice event`): as gh, printed on stdout, a success. */
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
    const sub = subcommand(current, word);
    if (sub === undefined) return undefined;
    current = sub;
  }
  return current.commands.length > 0 ? current : undefined;
}
