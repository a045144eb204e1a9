// `boxoffice completion SHELL`: the completion script for one shell, generated from the registered
// commands, so every verb and flag any group adds is completed without a hand-kept list.
import { Argument, type Command, type Option } from 'commander';
import { UsageError } from '../../../client/errors.js';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { summarised } from '../summaries.js';
import { completeWith, completionValues } from '../../framework/completion-values.js';
import { LISTED_DIRECTORY } from '../../framework/listed-ids.js';
import { writeJson } from '../../output/index.js';
import { PRESET_PROFILES } from '../../../session/config/profile.js';
import { configDirectory, openConfigStore } from '../../../session/config/store.js';
import { printOut } from '../../../session/deps.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;

/** What a value that is not one of fixed values is: a file name, or an id the CLI last listed. */
type ValueKind = 'file' | 'event' | 'ticket';

interface CommandNode {
  /** "" for the program, "event create" for a verb. */
  path: string;
  subcommands: { name: string; description: string }[];
  options: { flag: string; description: string; values?: readonly string[]; kind?: ValueKind }[];
  /** The fixed values of the first positional argument (config get KEY, completion SHELL). */
  argumentValues?: readonly string[];
  argumentKinds: (ValueKind | undefined)[];
}

/** A placeholder or argument name that names a path: `<file>`, `<FILE>`, `<dir>`, `<dest>`. */
const PATH_NAME = /^(file|dir|dest|path)$/i;

function argumentKind(name: string): ValueKind | undefined {
  if (name === 'EVENT_ID') return 'event';
  if (name === 'TICKET_ID') return 'ticket';
  return PATH_NAME.test(name) ? 'file' : undefined;
}

function commandTree(program: Command): CommandNode[] {
  const nodes: CommandNode[] = [];
  const visit = (command: Command, path: string, inherited: readonly Option[]) => {
    const options = path === '' ? command.options : [...command.options, ...inherited];
    nodes.push({
      path,
      subcommands: command.commands.map((sub) => ({ name: sub.name(), description: sub.description() })),
      options: options
        .filter((option) => !option.hidden)
        .flatMap((option) => {
          const kind = PATH_NAME.test(/<([^>]+)>/.exec(option.flags)?.[1] ?? '') ? ('file' as const) : undefined;
          return [option.long, option.short]
            .filter((flag) => flag !== undefined)
            .map((flag) => ({ flag, description: option.description, values: completionValues(option), kind }));
        }),
      argumentValues: command.registeredArguments[0] ? completionValues(command.registeredArguments[0]) : undefined,
      argumentKinds: command.registeredArguments.map((argument) => argumentKind(argument.name())),
    });
    for (const sub of command.commands) visit(sub, path ? `${path} ${sub.name()}` : sub.name(), path === '' ? command.options : inherited);
  };
  visit(program, '', []);
  return nodes;
}

/**
 * The arms of a `case` over the command paths: `PATH` → its words, `PATH|FLAG` → a flag's values or what it takes,
 * `PATH|` → the first argument's values, `PATH|#N` → what the Nth argument takes. Values are words without spaces or quotes.
 */
function caseArms(nodes: CommandNode[], arms: (node: CommandNode) => [string, string | undefined][]): string {
  return nodes
    .flatMap(arms)
    .filter(([, echo]) => echo !== undefined)
    .map(([pattern, echo]) => `    "${pattern}") echo ${echo} ;;`)
    .join('\n');
}

/** The shell functions bash and zsh share: a command path's words, a flag's fixed values, what a value is, the ids last listed. */
function lookups(nodes: CommandNode[], configDir: string): string {
  return `_boxoffice_kind() {
  case "$1|$2" in
${caseArms(nodes, (node) => [
  ...node.argumentKinds.map((kind, index): [string, string | undefined] => [`${node.path}|#${index + 1}`, kind]),
  ...node.options.map((option): [string, string | undefined] => [`${node.path}|${option.flag}`, option.kind]),
])}
    *) return 1 ;;
  esac
}
# The ids \`boxoffice event list\` and \`ticket list EVENT_ID\` last printed (no request on TAB).
_boxoffice_listed() {
  local dir="\${BOXOFFICE_CONFIG_DIR:-${configDir}}/${LISTED_DIRECTORY}"
  case "$1" in
    event) [[ -r "$dir/events" ]] && cat "$dir/events" ;;
    ticket) [[ "$2" =~ ^[A-Za-z0-9_-]+$ && -r "$dir/tickets-$2" ]] && cat "$dir/tickets-$2" ;;
  esac
  return 0
}
_boxoffice_words() {
  case "$1" in
${caseArms(nodes, (node) => [[node.path, `"${[...node.subcommands.map((sub) => sub.name), ...node.options.map((option) => option.flag)].join(' ')}"`]])}
    *) return 1 ;;
  esac
}
_boxoffice_values() {
  case "$1|$2" in
${caseArms(nodes, (node) => [
  [`${node.path}|`, node.argumentValues && `"${node.argumentValues.join(' ')}"`],
  ...node.options.map((option): [string, string | undefined] => [`${node.path}|${option.flag}`, option.values && `"${option.values.join(' ')}"`]),
])}
    *) return 1 ;;
  esac
}`;
}

/**
 * The completion function bash and zsh share: the command path typed so far, then its words or a flag's values. In the shell's terms:
 * its locals (`prev` among them), the index of the first word after `boxoffice` and of the word being completed, the word at `i`.
 */
function completer(shell: Record<'locals' | 'current' | 'word' | 'offerValues' | 'offerWords' | 'offerFiles', string> & { first: number }): string {
  return `_boxoffice() {
  local ${shell.locals}
  for ((i = ${shell.first}; i < ${shell.current}; i++)); do
    word="${shell.word}"
    [[ "$word" == -* ]] && continue
    next="\${cmdpath:+$cmdpath }$word"
    if _boxoffice_words "$next" >/dev/null; then cmdpath="$next"; at=$i; fi
  done
  # Which positional argument the cursor is on (flags not counted), and the first one (an event id).
  position=1 first=""
  for ((i = at + 1; at > 0 && i < ${shell.current}; i++)); do
    word="${shell.word}"
    [[ "$word" == -* ]] && continue
    [[ -z "$first" ]] && first="$word"
    position=$((position + 1))
  done
  # A flag's value: fixed values, a file name; else a positional argument: fixed values, a file
  # name or an id last listed; else the command path's words.
  if [[ "$prev" == -* ]] && values="$(_boxoffice_values "$cmdpath" "$prev")"; then
    ${shell.offerValues}
  elif [[ "$prev" == -* ]] && kind="$(_boxoffice_kind "$cmdpath" "$prev")"; then
    ${shell.offerFiles}
  elif ((at > 0 && at == ${shell.current} - 1)) && values="$(_boxoffice_values "$cmdpath" "")"; then
    ${shell.offerValues}
  elif ((at > 0)) && kind="$(_boxoffice_kind "$cmdpath" "#$position")"; then
    if [[ "$kind" == file ]]; then
      ${shell.offerFiles}
    else
      values="$(_boxoffice_listed "$kind" "$first")"
      ${shell.offerValues}
    fi
  else
    ${shell.offerWords}
  fi
}`;
}

function bash(nodes: CommandNode[], configDir: string): string {
  return `# boxoffice completion for bash: add to ~/.bashrc
#   source <(boxoffice completion bash)
${lookups(nodes, configDir)}
${completer({
  locals: 'cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" cmdpath="" next word i values kind position first at=0',
  first: 1,
  current: 'COMP_CWORD',
  word: '${COMP_WORDS[i]}',
  offerValues: 'COMPREPLY=($(compgen -W "$values" -- "$cur"))',
  offerWords: 'COMPREPLY=($(compgen -W "$(_boxoffice_words "$cmdpath")" -- "$cur"))',
  offerFiles: 'compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur"))',
})}
complete -o default -F _boxoffice boxoffice
`;
}

function zsh(nodes: CommandNode[], configDir: string): string {
  return `#compdef boxoffice
# boxoffice completion for zsh: add to ~/.zshrc (after compinit)
#   source <(boxoffice completion zsh)
${lookups(nodes, configDir)}
${completer({
  locals: 'cmdpath="" next word i values kind position first at=0 prev="${words[CURRENT-1]}"',
  first: 2,
  current: 'CURRENT',
  word: '${words[i]}',
  offerValues: 'compadd -- ${=values}',
  offerWords: 'compadd -- ${=$(_boxoffice_words "$cmdpath")}',
  offerFiles: '_files',
})}
compdef _boxoffice boxoffice
`;
}

function fishQuote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** fish functions: the positional words after a command path of DEPTH words, and the ids last listed. */
function fishHelpers(configDir: string): string[] {
  return [
    'function __boxoffice_args --argument-names depth',
    '    set -l tokens (commandline -opc)',
    '    for token in $tokens[(math $depth + 2)..-1]',
    "        string match -q -- '-*' $token; or echo $token",
    '    end',
    'end',
    'function __boxoffice_at_argument --argument-names depth position',
    '    test (count (__boxoffice_args $depth)) -eq (math $position - 1)',
    'end',
    '# The ids `boxoffice event list` and `ticket list EVENT_ID` last printed (no request on TAB).',
    'function __boxoffice_listed --argument-names kind depth',
    `    set -l dir ${fishQuote(configDir)}`,
    '    set -q BOXOFFICE_CONFIG_DIR; and set dir $BOXOFFICE_CONFIG_DIR',
    '    switch $kind',
    '        case event',
    `        test -r $dir/${LISTED_DIRECTORY}/events; and cat $dir/${LISTED_DIRECTORY}/events`,
    '        case ticket',
    '        set -l event (__boxoffice_args $depth)[1]',
    `        string match -qr '^[A-Za-z0-9_-]+$' -- "$event"; and test -r $dir/${LISTED_DIRECTORY}/tickets-$event; and cat $dir/${LISTED_DIRECTORY}/tickets-$event`,
    '    end',
    'end',
  ];
}

function fish(nodes: CommandNode[], configDir: string): string {
  const lines = [
    '# boxoffice completion for fish: boxoffice completion fish > ~/.config/fish/completions/boxoffice.fish',
    // No file names unless a flag or an argument takes a path (-F below).
    'complete -c boxoffice -f',
    ...fishHelpers(configDir),
  ];
  for (const node of nodes) {
    const parts = node.path ? node.path.split(' ') : [];
    const seen = parts.map((part) => `__fish_seen_subcommand_from ${part}`);
    const condition = (extra: string[]) => {
      const all = [...(parts.length === 0 ? ['__fish_use_subcommand'] : seen), ...extra];
      return fishQuote(all.join('; and '));
    };
    const childNames = node.subcommands.map((sub) => sub.name);
    const notDeeper = parts.length > 0 && childNames.length > 0 ? [`not __fish_seen_subcommand_from ${childNames.join(' ')}`] : [];
    for (const sub of node.subcommands) {
      lines.push(`complete -c boxoffice -n ${condition(notDeeper)} -a ${fishQuote(sub.name)} -d ${fishQuote(sub.description)}`);
    }
    for (const option of node.options) {
      if (!option.flag.startsWith('--')) continue;
      const optionCondition = parts.length === 0 ? '' : ` -n ${condition([])}`;
      const values = option.values ? ` -x -a ${fishQuote(option.values.join(' '))}` : option.kind === 'file' ? ' -r -F' : '';
      lines.push(`complete -c boxoffice${optionCondition} -l ${option.flag.slice(2)}${values} -d ${fishQuote(option.description)}`);
    }
    if (node.argumentValues && parts.length > 0) {
      lines.push(`complete -c boxoffice -n ${condition(notDeeper)} -a ${fishQuote(node.argumentValues.join(' '))}`);
    }
    if (parts.length > 0 && childNames.length === 0) {
      node.argumentKinds.forEach((kind, index) => {
        if (kind === undefined) return;
        const at = condition([`__boxoffice_at_argument ${parts.length} ${index + 1}`]);
        const offer = kind === 'file' ? '-F' : `-a ${fishQuote(`(__boxoffice_listed ${kind} ${parts.length})`)}`;
        lines.push(`complete -c boxoffice -n ${at} ${offer}`);
      });
    }
  }
  return `${lines.join('\n')}\n`;
}

export function registerCompletion(
  program: Command,
  context: CommandContext,
  run: RunVerb<{ shell: string }> = (options, runContext) => runCompletion(options, program, runContext),
): void {
  summarised(program.command('completion'))
    .addArgument(completeWith(new Argument('<SHELL>', 'bash, zsh or fish'), SHELLS))
    .addHelpText(
      'after',
      '\nExamples:\n  source <(boxoffice completion bash)          # in ~/.bashrc\n  source <(boxoffice completion zsh)           # in ~/.zshrc, after compinit\n  boxoffice completion fish > ~/.config/fish/completions/boxoffice.fish',
    )
    .action(verbAction(context, run, (shell: string) => ({ shell })));
}

async function runCompletion(options: { shell: string }, program: Command, context: CommandContext): Promise<void> {
  const shell = SHELLS.find((known) => known === options.shell);
  if (!shell) throw new UsageError(`unknown shell ${JSON.stringify(options.shell)}: expected bash, zsh or fish`, 'SHELL');
  const profileOption = program.options.find((option) => option.long === '--profile');
  // The profiles as they are when the script is generated (at each shell's start); the presets alone when the config file cannot be read.
  const profiles = await openConfigStore(context.deps.env).then(
    (store) => store.profileNames(),
    () => Object.keys(PRESET_PROFILES),
  );
  if (profileOption) completeWith(profileOption, profiles);
  // The config directory at generation time, where BOXOFFICE_CONFIG_DIR is not set at TAB time.
  const script = { bash, zsh, fish }[shell](commandTree(program), configDirectory(context.deps.env));
  if (context.globals().json) return writeJson(context.deps.io, { shell, script });
  printOut(context.deps.io, script);
}
