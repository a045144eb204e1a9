// The whole of standard input as text: how secrets arrive when they are piped in rather than typed.
import type { Deps } from './deps.js';

export async function readAllStdin(io: Deps['io']): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
