// Why a browser login ended without a token. Nothing is stored in any of these cases.
import { BoxofficeError, NotLoggedInError, nameErrorClasses } from '../client/errors.js';

/** The account holder pressed Deny (error=access_denied), or the server refused another way. */
export class LoginDeniedError extends NotLoggedInError {}

/** The callback's state was not this login's: a forged or stale redirect. */
export class LoginStateMismatchError extends BoxofficeError {}

/** No callback arrived before the timeout. */
export class LoginTimeoutError extends BoxofficeError {}

/** The callback server could not listen (port in use, not allowed). */
export class CallbackPortError extends BoxofficeError {}
nameErrorClasses({ LoginDeniedError, LoginStateMismatchError, LoginTimeoutError, CallbackPortError });
