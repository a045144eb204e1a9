// How help reads, set on the commander tree itself (configureHelp / configureOutput), so that
// anything that renders help from the tree (`--help`, `boxoffice help X`, a generator of
// docs/commands) gets the same text: top-level commands in groups, the global flags under
// "Inherited flags" on every command, wrapped to the terminal's width (80 when unknown), and
// "see boxoffice X --help" after a usage error, naming the command. One wording: "flags"
// (headings and usage lines), defaults as "(default: VALUE)"; text added after the generated
// help (examples, notes) is fitted to the same width by fitHelpText.
import { Help, type Command, type Option } from 'commander';
import type { Io } from '../../session/deps.js';

/** The width help wraps to when the terminal's is unknown (piped, tests, docs). */
const DEFAULT_HELP_WIDTH = 80;

/** Global flags every command inherits from the program. */
const INHERITED_FLAGS: readonly string[] = ['--json', '--profile', '--no-input', '--debug', '--header'];

const INHERITED_HEADING = 'Inherited flags:';
const HEADINGS: Readonly<Record<string, string>> = { 'Global Options:': INHERITED_HEADING, 'Options:': 'Flags:' };

/** Commander's layout of an item: two spaces, the term, two spaces, the description. */
const ITEM_INDENT = 2;
const ITEM_SPACER = 2;
/** Where a description starts when it goes under its term. */
const UNDER_TERM_INDENT = 6;

/** `boxoffice ticket list` for the `list` command under `ticket`. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current; current = current.parent) names.unshift(current.name());
  return names.join(' ');
}

/** The width help wraps to: the terminal's, else 80 (commander asks through configureOutput). */
export function helpWidthFor(io: Pick<Io, 'columns'>): number {
  return io.columns ?? DEFAULT_HELP_WIDTH;
}

/** Help settings for one command of the tree (call for every command). */
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
      const descriptionWidth = width - termWidth - ITEM_INDENT - ITEM_SPACER;
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

/**
 * Text added to help (examples, notes) fitted to `width`: a paragraph with a line too long is
 * re-wrapped, and a command line too long is continued with " \\" on the next lines, never
 * inside quotes. Lines that fit are left as they are.
 */
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
    if (paragraph.some((each) => each.length > width)) {
      out.push(
        ...fill(
          paragraph
            .map((each) => each.trim())
            .join(' ')
            .split(/ +/),
          width,
          indentOf(line),
          indentOf(line),
        ),
      );
    } else {
      out.push(...paragraph);
    }
    index = end;
  }
  return out.join('\n');
}

function indentOf(line: string): string {
  return /^\s*/.exec(line)?.[0] ?? '';
}

/**
 * Words laid out in lines of at most `width`: the first line starts with `first`, the others with
 * `next`, and every line but the last ends with `end` (which counts towards the width).
 */
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

/** Words of a command line, a quoted string kept whole; a trailing " \\" or "# comment" kept as it is. */
function shellWords(text: string): string[] {
  return text.match(/(?:[^\s"']+|"[^"]*"|'[^']*')+|#.*$/g) ?? [];
}

function continueCommand(line: string, width: number): string[] {
  const indent = indentOf(line);
  const words = shellWords(line.trim());
  const trailing = words[words.length - 1] === '\\' ? words.pop() : undefined;
  const lines = fill(words, width, indent, `${indent}    `, ' \\');
  if (trailing) lines[lines.length - 1] += ' \\';
  return lines;
}
