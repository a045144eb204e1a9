// Secrets never reach stderr: every line the CLI prints about a request goes through here too,
// in addition to the client's own redaction at the source.

export const REDACTED = '[REDACTED]';

/** Replaces each secret (and its URL-encoded form) in `text`. Short values are left alone. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  for (const secret of secrets) {
    if (!secret || secret.length < 6) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) result = result.split(form).join(REDACTED);
  }
  return result;
}
