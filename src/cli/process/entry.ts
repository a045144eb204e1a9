// The bundle's entry: `boxoffice --version` is answered before the program is built; every other
// argument list runs the CLI (run.ts).
import { processStdout } from './stdio.js';
import { packageVersion } from '../../util/version.js';

export async function runFromProcess(): Promise<number> {
  const stdout = processStdout();
  const args = process.argv.slice(2);
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    stdout.print(`${packageVersion()}\n`);
    return 0;
  }
  const { runWithProcess } = await import('./run.js');
  return runWithProcess(stdout);
}
