import { printOut, type Io } from '../../session/deps.js';

/** Prints one JSON document on stdout (the whole of stdout under --json). */
export function writeJson(io: Pick<Io, 'stdout' | 'print'>, value: unknown): void {
  printOut(io, `${JSON.stringify(value, null, 2)}\n`);
}
