// How help reads, set on the commander tree itself (configureHelp / configureOutput), so that
// anything that renders help from the tree (`--help`, `boxoffice help X`, a generator of
// docs/commands) gets the same text: top-level commands in groups, the global flags under
// "Inherited flags" on every command, wrapped to the terminal's width (80 when unknown), and
// "see boxoffice X --help" after a usage error, naming the command.
import type { Command, Help, Option } from 'commander';
import type { Io } from './deps.js';

/** The width help wraps to when the terminal's is unknown (piped, tests, docs). */
export const DEFAULT_HELP_WIDTH = 80;

/** Global flags every command inherits from the program. */
export const INHERITED_FLAGS: readonly string[] = ['--json', '--profile', '--no-input', '--debug', '--header'];

const INHERITED_HEADING = 'Inherited flags:';

/** `boxoffice ticket list` for the `list` command under `ticket`. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current; current = current.parent) names.unshift(current.name());
  return names.join(' ');
}

/** Help settings for one command of the tree (call for every command). */
export function configureCommandHelp(command: Command, io: Pick<Io, 'columns'>): void {
  const width = (): number => io.columns ?? DEFAULT_HELP_WIDTH;
  command.configureHelp({
    showGlobalOptions: true,
    helpWidth: width(),
    visibleGlobalOptions(this: Help, cmd: Command): Option[] {
      const inherited: Option[] = [];
      for (let ancestor = cmd.parent; ancestor; ancestor = ancestor.parent) {
        inherited.push(...ancestor.options.filter((option) => option.long !== undefined && INHERITED_FLAGS.includes(option.long)));
      }
      return inherited;
    },
    formatItemList(this: Help, heading: string, items: string[], helper: Help): string[] {
      if (items.length === 0) return [];
      return [helper.styleTitle(heading === 'Global Options:' ? INHERITED_HEADING : heading), ...items, ''];
    },
  });
  command.showHelpAfterError(`(see ${commandPath(command)} --help)`);
}
