// Opens an address with $BROWSER when set, else the system default. $BROWSER is a command line,
// as for gh and git: split into words as a shell splits them (quotes keep an argument whole,
// $VARIABLES are expanded), `%s` replaced by the address where present, else the address added
// as the last argument.
import { spawn } from 'node:child_process';
import { parse } from 'shell-quote';

/** The program and its arguments that `BROWSER` asks for, to open `url`. */
export function browserCommand(browser: string, url: string, env: Readonly<Record<string, string | undefined>>): string[] {
  const words = parse(browser, (name) => env[name] ?? '').flatMap((entry) => {
    if (typeof entry === 'string') return [entry];
    if ('comment' in entry) return [];
    if ('pattern' in entry) return [entry.pattern];
    throw new Error(`BROWSER="${browser}": "${entry.op}" is shell syntax, not a command line; put it in a script and point BROWSER at the script`);
  });
  if (words.length === 0) throw new Error(`BROWSER="${browser}" names no command`);
  const withAddress = words.map((word) => word.replaceAll('%s', url));
  return words.some((word) => word.includes('%s')) ? withAddress : [...words, url];
}

export async function openInBrowser(url: string, env: Readonly<Record<string, string | undefined>>): Promise<void> {
  const browser = env.BROWSER?.trim();
  if (browser) {
    const [program, ...args] = browserCommand(browser, url, env);
    const child = spawn(program, args, { stdio: 'ignore', detached: true, shell: false });
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('spawn', () => resolve());
    });
    child.unref();
    return;
  }
  const { default: open } = await import('open');
  await open(url);
}
