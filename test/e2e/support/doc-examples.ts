// Shell examples in markdown, and the markers that say how (or whether) the test suite runs
// them against a sandbox. The convention is documented in docs/testing.md.
//
// An example is a fenced block whose info string starts with sh, bash, shell or console, or an
// indented block (4 spaces) whose first line is a command (`boxoffice …`, `$ …`, `export …`,
// `NAME=… …`). Markers are HTML comments on the lines just before the block (blank lines
// between are fine):
//   <!-- example: skip REASON -->        not run; the reason is required (live service, browser login, …)
//   <!-- not-sandbox: REASON -->         the same
//   <!-- example: replace A=B C=D -->    literal words replaced before running (12=$EVENT_ID)
//   <!-- example: env A=B -->            the block runs in a subshell with A exported (BOXOFFICE_TOKEN=$ADMIN_TOKEN)
//   <!-- example: exit N -->             the block must end with status N (an example of an error)
//   <!-- example: before                 hidden shell run just before the block (files it needs, …)
//   printf 'eventTitle: Gala\n' > gala.yaml
//   -->

export interface DocExample {
  file: string;
  /** 1-based line of the block's first line. */
  line: number;
  /** The block as written, without `$ ` prompts (a console block's output lines dropped). */
  code: string;
  skip?: string;
  replacements: [string, string][];
  /** NAME=VALUE exported for this block only. */
  env: string[];
  before: string[];
  exit: number;
}

const SHELL_INFO = /^(sh|bash|shell|console)\b/;
const COMMAND_LINE = /^(\$ |boxoffice\b|export |source |echo |curl |[A-Za-z_][A-Za-z0-9_]*=\S*)/;
const MARKER = /^<!--\s*example:\s*([\s\S]*?)\s*-->$/;
/** `<!-- not-sandbox: REASON -->`: the same as `example: skip REASON` (the docs' first spelling). */
const NOT_SANDBOX = /^<!--\s*not-sandbox:\s*([\s\S]*?)\s*-->$/;

function applyMarker(text: string, example: DocExample, where: string): void {
  const [directive, ...rest] = text.split(/\s+/);
  const argument = text.slice(directive.length).trim();
  if (directive === 'skip') {
    if (!argument) throw new Error(`${where}: "example: skip" needs a reason`);
    example.skip = argument;
  } else if (directive === 'replace' || directive === 'env') {
    for (const pair of rest) {
      const at = pair.indexOf('=');
      if (at <= 0) throw new Error(`${where}: "example: ${directive}" takes NAME=VALUE pairs, got "${pair}"`);
      if (directive === 'env') example.env.push(pair);
      else example.replacements.push([pair.slice(0, at), pair.slice(at + 1)]);
    }
  } else if (directive === 'before') {
    example.before.push(argument);
  } else if (directive === 'exit') {
    if (!/^\d+$/.test(argument)) throw new Error(`${where}: "example: exit" takes a status, got "${argument}"`);
    example.exit = Number(argument);
  } else {
    throw new Error(`${where}: unknown marker "example: ${directive}" (skip, replace, env, before, exit)`);
  }
}

/** The shell examples of one markdown file, in order, with their markers applied. */
export function extractExamples(file: string, markdown: string): DocExample[] {
  const lines = markdown.split('\n');
  const examples: DocExample[] = [];
  let pendingMarkers: { text: string; line: number }[] = [];
  let index = 0;
  const take = (start: number, code: string, skipOutput: boolean): void => {
    const example: DocExample = { file, line: start + 1, code, replacements: [], env: [], before: [], exit: 0 };
    for (const marker of pendingMarkers) applyMarker(marker.text, example, `${file}:${marker.line}`);
    pendingMarkers = [];
    const commands = code.split('\n').filter((line) => !skipOutput || line.startsWith('$ ') || line.startsWith('  ') || line === '');
    example.code = commands
      .map((line) => line.replace(/^\$ /, ''))
      .join('\n')
      .trim();
    examples.push(example);
  };
  while (index < lines.length) {
    const line = lines[index];
    const fence = /^(\s*)(```+|~~~+)\s*(.*)$/.exec(line);
    if (fence) {
      const end = lines.findIndex((candidate, at) => at > index && candidate.trim().startsWith(fence[2]));
      const close = end < 0 ? lines.length : end;
      const body = lines.slice(index + 1, close).map((text) => text.slice(fence[1].length));
      if (SHELL_INFO.test(fence[3])) take(index + 1, body.join('\n'), fence[3].startsWith('console'));
      else pendingMarkers = [];
      index = close + 1;
      continue;
    }
    if (line.trimStart().startsWith('<!--') && /<!--\s*(example|not-sandbox):/.test(line)) {
      const end = lines.findIndex((candidate, at) => at >= index && candidate.includes('-->'));
      const close = end < 0 ? lines.length - 1 : end;
      const text = lines
        .slice(index, close + 1)
        .join('\n')
        .trim();
      const notSandbox = NOT_SANDBOX.exec(text);
      const match = notSandbox ? [text, `skip ${notSandbox[1]}`] : MARKER.exec(text);
      if (!match) throw new Error(`${file}:${index + 1}: cannot read the marker ${text.split('\n')[0]}`);
      pendingMarkers.push({ text: match[1], line: index + 1 });
      index = close + 1;
      continue;
    }
    const previousBlank = index === 0 || lines[index - 1].trim() === '' || pendingMarkers.length > 0;
    if (previousBlank && /^ {4}\S/.test(line)) {
      let close = index;
      while (close < lines.length && (/^ {4}/.test(lines[close]) || (lines[close].trim() === '' && /^ {4}\S/.test(lines[close + 1] ?? '')))) close += 1;
      const body = lines.slice(index, close).map((text) => text.slice(4));
      if (COMMAND_LINE.test(body[0])) take(index, body.join('\n'), body[0].startsWith('$ '));
      else pendingMarkers = [];
      index = close;
      continue;
    }
    if (line.trim() !== '') pendingMarkers = [];
    index += 1;
  }
  return examples;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The example as it is run: replacements made, hidden setup first. */
export function runnableCode(example: DocExample): string {
  let code = example.code;
  for (const [from, to] of example.replacements) {
    code = code.replace(new RegExp(`(?<![\\w-])${escapeRegExp(from)}(?![\\w-])`, 'g'), () => to);
  }
  if (example.env.length > 0) code = `(\nexport ${example.env.join(' ')}\n${code}\n)`;
  return [...example.before, code].join('\n');
}
