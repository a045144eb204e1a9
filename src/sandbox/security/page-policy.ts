// The Content-Security-Policy of the sandbox's pages: nothing may frame them (clickjacking of Allow
// or Pay), and they load nothing but their inline style. No form-action on the ordinary pages: their
// forms end in a redirect to another origin (the CLI's callback), which form-action would block.
// The booking return page alone runs one script (its form's auto-submit), allowed by a nonce of
// that response, and may post only to the callback's origin.
import { randomBytes } from 'node:crypto';

export const PAGE_POLICY = {
  defaultSrc: ["'none'"],
  styleSrc: ["'unsafe-inline'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
};

function directiveName(camelCase: string): string {
  return camelCase.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** A fresh nonce for one response's script. */
export function newScriptNonce(): string {
  return randomBytes(16).toString('base64');
}

/** A policy as the header's value: `directive source …; directive source …`. */
export function policyText(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${directiveName(name)} ${sources.join(' ')}`)
    .join('; ');
}

/** The pages' policy plus one nonce-allowed script and form posts to `formOrigin` only. */
export function autoSubmitPolicy(nonce: string, formOrigin: string): string {
  return policyText({ ...PAGE_POLICY, scriptSrc: [`'nonce-${nonce}'`], formAction: [formOrigin] });
}
