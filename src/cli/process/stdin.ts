// What the user hands over as text: the whole of standard input, or a file named by a flag.
import { UsageError } from '../../client/errors.js';
import type { Deps } from '../../session/deps.js';

export async function readAllStdin(io: Deps['io']): Promise<string> {
  return process.getBuiltinModule('node:stream/consumers').text(io.stdin);
}

// Read without blocking (the file may be a pipe that Ctrl-C must still interrupt), with node:fs/promises loaded here
// rather than with the module: its eight more of Node's modules cost ~6M instructions on Node 24, which `auth status` would pay.
export async function readFlagFile(path: string, flag: string): Promise<string> {
  try {
    return await process.getBuiltinModule('node:fs/promises').readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`${flag} ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`, flag);
  }
}
