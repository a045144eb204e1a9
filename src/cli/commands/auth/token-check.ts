// Whether the service accepts a token, asked with one cheap read (E9, the account's events), and
// whether what answers at the address is the service at all (not a login page or a proxy's error).
import { type ApiError, AuthError, NotFoundError } from '../../../client/errors.js';
import type { ClientConfig } from '../../../client/index.js';
import type { Profile } from '../../../session/config/profile.js';
import type { CommandContext } from '../../framework/context.js';
import { type ForeignAnswer, foreignAnswer } from '../../../client/service-answer.js';
import { createWiredClient } from '../../../session/session.js';

/** `account`: the service has no "who am I" call, but an event read in full (E7) names its account (null: not asked, or no events yet). */
export type TokenCheck =
  | { accepted: true; account: string | null }
  | { accepted: false; refusal: ApiError }
  /** Something other than the service answered at the address (`answer` says what). */
  | { accepted: false; refusal?: undefined; answer: ForeignAnswer };

export function tokenCheckUrl(apiUrl: string): string {
  return `${apiUrl.replace(/\/+$/, '')}/api/e/get-all-events`;
}

/**
 * Asks once (a proxy's error is reported, not waited out). A refusal (E001…, or E007: on a call
 * that names no event, a key not valid for the API) is an answer, and so is one that is not the
 * service's. `withAccount`: a second read, of the first event, names the account.
 */
export async function checkToken(
  context: CommandContext,
  profile: Profile,
  addresses: Pick<ClientConfig, 'apiUrl' | 'publisherUrl' | 'authUrl'>,
  withAccount = false,
): Promise<TokenCheck> {
  const client = await createWiredClient(context, profile, addresses);
  try {
    const { events } = await client.events.getAllEvents({}, { maxRetries: 0 });
    const first = events[0];
    if (!withAccount || first === undefined) return { accepted: true, account: null };
    // The token is accepted by now: a failed read of the account's event leaves the account unknown.
    const account = await client.events.getEvent({ eventId: String(first.eventId) }, { maxRetries: 0 }).then(
      ({ event }) => accountOf(event),
      () => null,
    );
    return { accepted: true, account };
  } catch (error) {
    if (error instanceof AuthError || (error instanceof NotFoundError && error.code === 'E007')) return { accepted: false, refusal: error };
    const answer = foreignAnswer(error);
    if (answer !== undefined) return { accepted: false, answer };
    throw error;
  } finally {
    await client.close();
  }
}

/** "3 (organizer@example.com)": the account id and its owner's address (else the organizer's contact), as far as the event has them. */
function accountOf(event: object | undefined): string | null {
  if (event === undefined) return null;
  const { accountId, owner, email } = event as { accountId?: unknown; owner?: unknown; email?: unknown };
  const id = typeof accountId === 'string' || typeof accountId === 'number' ? String(accountId) : '';
  const address = typeof owner === 'string' && owner.includes('@') ? owner : typeof email === 'string' ? email : '';
  if (id === '' && address === '') return null;
  return id === '' ? address : address === '' ? id : `${id} (${address})`;
}

/** "E001: the access token is unknown or has expired" */
export function refusalText(refusal: ApiError): string {
  return [refusal.code, refusal.description].filter(Boolean).join(': ') || refusal.message;
}
