// Secrets compared in constant time: how long a comparison takes says nothing of where two texts differ.
import { timingSafeEqual } from 'node:crypto';

export function sameSecret(expected: string, received: string | undefined): boolean {
  if (received === undefined) return false;
  const [a, b] = [Buffer.from(expected), Buffer.from(received)];
  return a.length === b.length && timingSafeEqual(a, b);
}
