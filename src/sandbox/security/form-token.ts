// Anti-forgery tokens for the sandbox's own forms (the authorize page): an HMAC over what the form
// is for and when it was issued, keyed by a random per-process key. A page on another site cannot
// read the form, so it cannot post a valid token; tokens expire and name their form's purpose.
import { createHmac, randomBytes } from 'node:crypto';
import { sameSecret } from '../../util/same-secret.js';

export const FORM_TOKEN_FIELD = 'csrf_token';

/** How long a rendered form may be submitted. */
const FORM_TOKEN_LIFETIME_MS = 30 * 60 * 1000;

export class FormTokens {
  private readonly key = randomBytes(32);

  constructor(private readonly now: () => number) {}

  private mac(purpose: string, issuedAt: number): string {
    return createHmac('sha256', this.key).update(`${purpose}\u0000${issuedAt}`).digest('base64url');
  }

  issue(purpose: string): string {
    const issuedAt = this.now();
    return `${issuedAt}.${this.mac(purpose, issuedAt)}`;
  }

  /** Whether `token` was issued by this process for `purpose` and is still fresh. */
  verify(token: string | undefined, purpose: string): boolean {
    const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
    if (!match) return false;
    const issuedAt = Number(match[1]);
    const age = this.now() - issuedAt;
    return age >= 0 && age <= FORM_TOKEN_LIFETIME_MS && sameSecret(match[2], this.mac(purpose, issuedAt));
  }
}
