// Whether the service accepts a token, asked with one cheap read (E9, the account's events):
// `auth status` and `login --with-token` use it so that CI learns of a refused token at once,
// and that an address where something else answers (a login page, a proxy's error) says so.
import { type ApiError, AuthError, NotFoundError } from '../client/errors.js';
import type { ClientConfig } from '../client/index.js';
import type { Profile } from './config/profile.js';
import type { CommandContext } from './context.js';
import { type ForeignAnswer, foreignAnswer } from './service-answer.js';
import { createWiredClient } from './session.js';

export type TokenCheck =
  | { accepted: true }
  | { accepted: false; refusal: ApiError }
  /** Something other than the service answered at the address (`answer` says what). */
  | { accepted: false; refusal?: undefined; answer: ForeignAnswer };

/** The address the check asks: the account's events, under the API's address. */
export function tokenCheckUrl(apiUrl: string): string {
  return `${apiUrl.replace(/\/+$/, '')}/api/e/get-all-events`;
}

/**
 * Asks the service with `profile`'s token, once (a proxy's error is reported, not waited out). A
 * refusal (E001…, or E007: on a call that names no event, a key not valid for the API) is an
 * answer, and so is an answer that is not the service's; any other failure is thrown.
 */
export async function checkToken(
  context: CommandContext,
  profile: Profile,
  addresses: Pick<ClientConfig, 'apiUrl' | 'publisherUrl' | 'authUrl'>,
): Promise<TokenCheck> {
  const client = await createWiredClient(context, profile, addresses);
  try {
    await client.events.getAllEvents({}, { maxRetries: 0 });
    return { accepted: true };
  } catch (error) {
    if (error instanceof AuthError || (error instanceof NotFoundError && error.code === 'E007')) return { accepted: false, refusal: error };
    const answer = foreignAnswer(error);
    if (answer !== undefined) return { accepted: false, answer };
    throw error;
  } finally {
    await client.close();
  }
}

/** "E001: the access token is unknown or has expired" */
export function refusalText(refusal: ApiError): string {
  return [refusal.code, refusal.description].filter(Boolean).join(': ') || refusal.message;
}
