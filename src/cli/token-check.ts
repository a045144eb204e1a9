// Whether the service accepts a token, asked with one cheap read (E9, the account's events):
// `auth status` and `login --with-token` use it so that CI learns of a refused token at once.
import { AuthError } from '../client/errors.js';
import type { ClientConfig } from '../client/index.js';
import type { Profile } from './config/profile.js';
import type { CommandContext } from './context.js';
import { createWiredClient } from './session.js';

export type TokenCheck = { accepted: true } | { accepted: false; refusal: AuthError };

/** Asks the service with `profile`'s token; a refusal (E001…) is an answer, any other failure is thrown. */
export async function checkToken(
  context: CommandContext,
  profile: Profile,
  addresses: Pick<ClientConfig, 'apiUrl' | 'publisherUrl' | 'authUrl'>,
): Promise<TokenCheck> {
  const client = await createWiredClient(context, profile, addresses);
  try {
    await client.events.getAllEvents();
    return { accepted: true };
  } catch (error) {
    if (error instanceof AuthError) return { accepted: false, refusal: error };
    throw error;
  } finally {
    await client.close();
  }
}

/** "E001: the access token is unknown or has expired" */
export function refusalText(refusal: AuthError): string {
  return [refusal.code, refusal.description].filter(Boolean).join(': ') || refusal.message;
}
