// Shell completion scripts generated from the registered commands, so every verb and flag any
// group adds is completed without a hand-kept list.
import type { Command, Option } from 'commander';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

interface CommandNode {
  /** Space-separated command path: "" for the program, "event create" for a verb. */
  path: string;
  subcommands: { name: string; description: string }[];
  options: { flag: string; description: string }[];
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
      options: options.filter((option) => !option.hidden).flatMap((option) =>
        optionFlags(option).map((flag) => ({ flag, description: option.description })),
      ),
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

function bash(nodes: CommandNode[]): string {
  return `# boxoffice completion for bash: add to ~/.bashrc
#   source <(boxoffice completion bash)
_boxoffice_words() {
  case "$1" in
${wordsCase(nodes, '    ')}
    *) return 1 ;;
  esac
}
_boxoffice() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" cmdpath="" next word i
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    [[ "$word" == -* ]] && continue
    next="\${cmdpath:+$cmdpath }$word"
    if _boxoffice_words "$next" >/dev/null; then cmdpath="$next"; fi
  done
  COMPREPLY=($(compgen -W "$(_boxoffice_words "$cmdpath")" -- "$cur"))
}
complete -o default -F _boxoffice boxoffice
`;
}

function zsh(nodes: CommandNode[]): string {
  return `#compdef boxoffice
# boxoffice completion for zsh: add to ~/.zshrc (after compinit)
#   source <(boxoffice completion zsh)
_boxoffice_words() {
  case "$1" in
${wordsCase(nodes, '    ')}
    *) return 1 ;;
  esac
}
_boxoffice() {
  local cmdpath="" next word i
  for ((i = 2; i < CURRENT; i++)); do
    word="\${words[i]}"
    [[ "$word" == -* ]] && continue
    next="\${cmdpath:+$cmdpath }$word"
    if _boxoffice_words "$next" >/dev/null; then cmdpath="$next"; fi
  done
  compadd -- \${=$(_boxoffice_words "$cmdpath")}
}
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
      lines.push(`complete -c boxoffice${optionCondition} -l ${option.flag.slice(2)} -d ${fishQuote(option.description)}`);
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
