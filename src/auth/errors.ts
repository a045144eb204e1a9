// Why a browser login ended without a token. Nothing is stored in any of these cases.
import { BoxofficeError, NotLoggedInError, nameErrorClasses } from '../client/errors.js';

/** Deny pressed (error=access_denied), or the server refused another way. */
export class LoginDeniedError extends NotLoggedInError {}

/** The callback's state was not this login's: a forged or stale redirect. */
export class LoginStateMismatchError extends BoxofficeError {}

export class LoginTimeoutError extends BoxofficeError {}

export class CallbackPortError extends BoxofficeError {}
nameErrorClasses({ LoginDeniedError, LoginStateMismatchError, LoginTimeoutError, CallbackPortError });
