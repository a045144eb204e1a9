// Shell completion scripts generated from the registered commands, so every verb and flag any
// group adds is completed without a hand-kept list.
import type { Command, Option } from 'commander';
import { completionValues } from '../../completion-values.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

interface CommandNode {
  /** Space-separated command path: "" for the program, "event create" for a verb. */
  path: string;
  subcommands: { name: string; description: string }[];
  /** `values`: the fixed values the option takes (see completion-values.ts). */
  options: { flag: string; description: string; values?: readonly string[] }[];
  /** The fixed values of the first positional argument (config get KEY, completion SHELL). */
  argumentValues?: readonly string[];
}

function optionFlags(option: Option): string[] {
  return [option.long, option.short].filter((flag): flag is string => typeof flag === 'string');
}

/** Every command of the tree with its subcommands and options (help and hidden ones left out). */
function commandTree(program: Command): CommandNode[] {
  const nodes: CommandNode[] = [];
  const visit = (command: Command, path: string, inherited: readonly Option[]) => {
    const options = path === '' ? command.options : [...command.options, ...inherited];
    nodes.push({
      path,
      subcommands: command.commands.map((sub) => ({ name: sub.name(), description: sub.description() })),
      options: options
        .filter((option) => !option.hidden)
        .flatMap((option) => optionFlags(option).map((flag) => ({ flag, description: option.description, values: completionValues(option) }))),
      argumentValues: command.registeredArguments[0] ? completionValues(command.registeredArguments[0]) : undefined,
    });
    for (const sub of command.commands) visit(sub, path ? `${path} ${sub.name()}` : sub.name(), path === '' ? command.options : inherited);
  };
  visit(program, '', []);
  return nodes;
}

function wordsCase(nodes: CommandNode[], indent: string): string {
  return nodes
    .map((node) => {
      const words = [...node.subcommands.map((sub) => sub.name), ...node.options.map((option) => option.flag)].join(' ');
      return `${indent}"${node.path}") echo "${words}" ;;`;
    })
    .join('\n');
}

/**
 * `case "PATH|FLAG"` lines echoing the values of FLAG under the command PATH, and "PATH|" lines
 * the values of PATH's first positional argument. Values are words without spaces or quotes.
 */
function valuesCase(nodes: CommandNode[], indent: string): string {
  const lines: string[] = [];
  for (const node of nodes) {
    if (node.argumentValues) lines.push(`${indent}"${node.path}|") echo "${node.argumentValues.join(' ')}" ;;`);
    for (const option of node.options) {
      if (option.values) lines.push(`${indent}"${node.path}|${option.flag}") echo "${option.values.join(' ')}" ;;`);
    }
  }
  return lines.join('\n');
}

/** The shell functions bash and zsh share: a command path's words, and a flag's fixed values. */
function lookups(nodes: CommandNode[]): string {
  return `_boxoffice_words() {
  case "$1" in
${wordsCase(nodes, '    ')}
    *) return 1 ;;
  esac
}
_boxoffice_values() {
  case "$1|$2" in
${valuesCase(nodes, '    ')}
    *) return 1 ;;
  esac
}`;
}

/** How the completion function reads the words typed and offers words, in bash's or zsh's terms. */
interface ShellWords {
  /** Its local variables, `prev` (the word before the cursor) among them. */
  locals: string;
  /** The index of the first word after `boxoffice`. */
  first: number;
  /** The index of the word being completed. */
  current: string;
  /** The word at index `i`. */
  word: string;
  /** The line that offers the words in $values, and the one that offers the command path's words. */
  offerValues: string;
  offerWords: string;
}

/** The completion function bash and zsh share: the command path typed so far, then its words or a flag's values. */
function completer(shell: ShellWords): string {
  return `_boxoffice() {
  local ${shell.locals}
  for ((i = ${shell.first}; i < ${shell.current}; i++)); do
    word="${shell.word}"
    [[ "$word" == -* ]] && continue
    next="\${cmdpath:+$cmdpath }$word"
    if _boxoffice_words "$next" >/dev/null; then cmdpath="$next"; at=$i; fi
  done
  # The value of a flag that takes fixed values, else the first argument right after the command.
  if [[ "$prev" == -* ]] && values="$(_boxoffice_values "$cmdpath" "$prev")"; then
    ${shell.offerValues}
  elif ((at > 0 && at == ${shell.current} - 1)) && values="$(_boxoffice_values "$cmdpath" "")"; then
    ${shell.offerValues}
  else
    ${shell.offerWords}
  fi
}`;
}

function bash(nodes: CommandNode[]): string {
  return `# boxoffice completion for bash: add to ~/.bashrc
#   source <(boxoffice completion bash)
${lookups(nodes)}
${completer({
  locals: 'cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" cmdpath="" next word i values at=0',
  first: 1,
  current: 'COMP_CWORD',
  word: '${COMP_WORDS[i]}',
  offerValues: 'COMPREPLY=($(compgen -W "$values" -- "$cur"))',
  offerWords: 'COMPREPLY=($(compgen -W "$(_boxoffice_words "$cmdpath")" -- "$cur"))',
})}
complete -o default -F _boxoffice boxoffice
`;
}

function zsh(nodes: CommandNode[]): string {
  return `#compdef boxoffice
# boxoffice completion for zsh: add to ~/.zshrc (after compinit)
#   source <(boxoffice completion zsh)
${lookups(nodes)}
${completer({
  locals: 'cmdpath="" next word i values at=0 prev="${words[CURRENT-1]}"',
  first: 2,
  current: 'CURRENT',
  word: '${words[i]}',
  offerValues: 'compadd -- ${=values}',
  offerWords: 'compadd -- ${=$(_boxoffice_words "$cmdpath")}',
})}
compdef _boxoffice boxoffice
`;
}

function fishQuote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function fish(nodes: CommandNode[]): string {
  const lines = ['# boxoffice completion for fish: boxoffice completion fish > ~/.config/fish/completions/boxoffice.fish', 'complete -c boxoffice -f'];
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
      const values = option.values ? ` -x -a ${fishQuote(option.values.join(' '))}` : '';
      lines.push(`complete -c boxoffice${optionCondition} -l ${option.flag.slice(2)}${values} -d ${fishQuote(option.description)}`);
    }
    if (node.argumentValues && parts.length > 0) {
      lines.push(`complete -c boxoffice -n ${condition(notDeeper)} -a ${fishQuote(node.argumentValues.join(' '))}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export function completionScript(shell: Shell, program: Command): string {
  const nodes = commandTree(program);
  if (shell === 'bash') return bash(nodes);
  if (shell === 'zsh') return zsh(nodes);
  return fish(nodes);
}
