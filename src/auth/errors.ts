// Why a browser login ended without a token. Nothing is stored in any of these cases.
import { BoxofficeError, NotLoggedInError } from '../client/errors.js';

/** The account holder pressed Deny (error=access_denied), or the server refused another way. */
export class LoginDeniedError extends NotLoggedInError {
  override name = 'LoginDeniedError';
}

/** The callback's state was not this login's: a forged or stale redirect. */
export class LoginStateMismatchError extends BoxofficeError {
  override name = 'LoginStateMismatchError';
}

/** No callback arrived before the timeout. */
export class LoginTimeoutError extends BoxofficeError {
  override name = 'LoginTimeoutError';
}

/** The callback server could not listen (port in use, not allowed). */
export class CallbackPortError extends BoxofficeError {
  override name = 'CallbackPortError';
}
