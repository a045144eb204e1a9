// The one mapping from errors to exit codes.
import { AuthError, CancelledError, NotLoggedInError, PermissionError, RateLimitError, UnchangeableError, UsageError } from '../client/errors.js';

export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  auth: 3,
  rateLimited: 4,
  /** apply: the file asks for a change the API offers no way to make. */
  unchangeable: 5,
  /** apply --dry-run --detailed-exitcode: the plan creates or updates something (Terraform's 2, git diff --exit-code's 1). */
  changesPending: 6,
  interrupted: 130,
} as const;

export function exitCodeFor(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof CancelledError) return EXIT.interrupted;
  if (error instanceof NotLoggedInError || error instanceof AuthError || error instanceof PermissionError) {
    return EXIT.auth;
  }
  if (error instanceof RateLimitError) return EXIT.rateLimited;
  if (error instanceof UnchangeableError) return EXIT.unchangeable;
  return EXIT.failure;
}
