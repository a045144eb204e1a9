// The Content-Security-Policy of the pages: nothing may frame them (clickjacking of Allow or Pay),
// they load nothing but their inline style. No form-action: their forms end in a redirect to
// another origin (the CLI's callback). The booking return page alone runs one script, by nonce.
import { randomBytes } from 'node:crypto';

export const PAGE_POLICY = {
  defaultSrc: ["'none'"],
  styleSrc: ["'unsafe-inline'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
};

/** A fresh nonce for one response's script. */
export function newScriptNonce(): string {
  return randomBytes(16).toString('base64');
}

/** A policy as the header's value: `directive source …; directive source …`. */
export function policyText(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${sources.join(' ')}`)
    .join('; ');
}

/** The pages' policy plus one nonce-allowed script and form posts to `formOrigin` only. */
export function autoSubmitPolicy(nonce: string, formOrigin: string): string {
  return policyText({ ...PAGE_POLICY, scriptSrc: [`'nonce-${nonce}'`], formAction: [formOrigin] });
}
