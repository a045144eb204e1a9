// All of standard input as text: a value piped in (a token, a secret) that stays out of `ps` and
// the shell history.
import type { Io } from './deps.js';

export async function readAllInput(io: Pick<Io, 'stdin'>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
