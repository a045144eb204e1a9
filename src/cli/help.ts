// How help reads, set on the commander tree itself (configureHelp / configureOutput), so that
// anything that renders help from the tree (`--help`, `boxoffice help X`, a generator of
// docs/commands) gets the same text: top-level commands in groups, the global flags under
// "Inherited flags" on every command, wrapped to the terminal's width (80 when unknown), and
// "see boxoffice X --help" after a usage error, naming the command.
import { Help, type Command, type Option } from 'commander';
import type { Io } from './deps.js';

/** The width help wraps to when the terminal's is unknown (piped, tests, docs). */
const DEFAULT_HELP_WIDTH = 80;

/** Global flags every command inherits from the program. */
const INHERITED_FLAGS: readonly string[] = ['--json', '--profile', '--no-input', '--debug', '--header'];

const INHERITED_HEADING = 'Inherited flags:';

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
      return [helper.styleTitle(heading === 'Global Options:' ? INHERITED_HEADING : heading), ...items, ''];
    },
  });
  command.showHelpAfterError(`(see ${commandPath(command)} --help)`);
}
