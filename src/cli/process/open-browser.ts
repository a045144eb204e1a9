// Opens an address with $BROWSER when set, else the system default. $BROWSER is a command line,
// as for gh and git: split as a shell splits it, `%s` replaced by the address, else the address
// added last. An opener that fails (BROWSER=false, xdg-open without a desktop) is noticed by its
// exit status, so the caller can say so at once.
import { spawn, type ChildProcess } from 'node:child_process';
import { parse } from 'shell-quote';

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

/** How long an opener may run before it counts as opened: xdg-open and `open` hand the address over and exit; a browser keeps running. */
const OPENER_VERDICT_MS = 3000;

/** Resolves when `child` exits 0 or is still running after a while; rejects when it fails. */
function openerOutcome(child: ChildProcess, program: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.unref();
      resolve();
    }, OPENER_VERDICT_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${program} exited with ${code === null ? `signal ${signal}` : `status ${code}`}`));
    });
  });
}

export async function openInBrowser(url: string, env: Readonly<Record<string, string | undefined>>): Promise<void> {
  const browser = env.BROWSER?.trim();
  if (browser) {
    const [program, ...args] = browserCommand(browser, url, env);
    await openerOutcome(spawn(program, args, { stdio: 'ignore', detached: true, shell: false }), program);
    return;
  }
  const { default: open } = await import('open');
  await openerOutcome(await open(url), 'the system opener (xdg-open)');
}
