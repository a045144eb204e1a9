// The bundle's entry. `boxoffice --version` is answered here, before the program (commander's
// tree of commands and flags) is built. Every other argument list runs the CLI
// (process-run.ts), which prints the same version for `--version` among other words.
import { processStdout } from './stdio.js';
import { packageVersion } from '../../util/version.js';

const VERSION_ONLY: readonly string[] = ['--version', '-V'];

export async function runFromProcess(): Promise<number> {
  const stdout = processStdout();
  const args = process.argv.slice(2);
  if (args.length === 1 && VERSION_ONLY.includes(args[0])) {
    stdout.print(`${packageVersion()}\n`);
    return 0;
  }
  const { runWithProcess } = await import('./run.js');
  return runWithProcess(stdout);
}
