// The OAuth sign-in and consent page (inputs `email` and `password`, buttons
// `Allow` and `Deny`), and the page shown when the request itself is unusable.
import type * as z from 'zod';
import type { authorizeQuery } from '../../client/schemas/index.js';
import { FORM_TOKEN_FIELD } from '../security/form-token.js';
import { escapeHtml, page } from './html.js';

/** The authorize request, carried through the form as hidden fields. */
export type AuthorizeParams = z.output<typeof authorizeQuery>;

export interface ConsentPageOptions {
  action: string;
  applicationName: string;
  params: AuthorizeParams;
  /** The anti-forgery token the form posts back (security/form-token.ts). */
  formToken: string;
  email?: string;
  error?: string;
}

export function consentPage({ action, applicationName, params, formToken, email, error }: ConsentPageOptions): string {
  const hidden = Object.entries(params)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return page(
    'Sign in — boxoffice sandbox',
    `<h1>Sign in to the sandbox</h1>
<p><strong>${escapeHtml(applicationName)}</strong> asks to manage your events, tickets, discounts and reports.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
${hidden}
<input type="hidden" name="${FORM_TOKEN_FIELD}" value="${escapeHtml(formToken)}">
<label for="email">Email</label>
<input id="email" type="email" name="email" autocomplete="username" value="${escapeHtml(email ?? '')}">
<label for="password">Password</label>
<input id="password" type="password" name="password" autocomplete="current-password">
<div class="buttons">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</div>
</form>
<p class="note">Sandbox accounts: organizer@sandbox.local and admin@sandbox.local, password <code>sandbox</code>.</p>`,
  );
}

export function authorizeErrorPage(message: string): string {
  return page('Cannot sign in — boxoffice sandbox', `<h1>This sign-in request cannot be used</h1>\n<p class="error" role="alert">${escapeHtml(message)}</p>`);
}
