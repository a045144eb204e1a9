// The one mapping from errors to exit codes (their meanings: scripts/docs/exit-codes.ts).
import { CheckinRefusedError } from '../../checkin/refused.js';
import { AuthError, CancelledError, NotLoggedInError, PermissionError, RateLimitError, UnchangeableError, UsageError } from '../../client/errors.js';

export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  auth: 3,
  rateLimited: 4,
  unchangeable: 5,
  alreadyIn: 6,
  notFound: 7,
  cancelled: 8,
  // apply --dry-run --detailed-exitcode: Terraform's 2, git diff --exit-code's 1.
  changesPending: 9,
  interrupted: 130,
} as const;

const CHECKIN_EXIT: Readonly<Record<CheckinRefusedError['outcome'], number>> = {
  'already-in': EXIT.alreadyIn,
  'not-found': EXIT.notFound,
  cancelled: EXIT.cancelled,
};

export function exitCodeFor(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof CancelledError) return EXIT.interrupted;
  if (error instanceof NotLoggedInError || error instanceof AuthError || error instanceof PermissionError) return EXIT.auth;
  if (error instanceof RateLimitError) return EXIT.rateLimited;
  if (error instanceof UnchangeableError) return EXIT.unchangeable;
  if (error instanceof CheckinRefusedError) return CHECKIN_EXIT[error.outcome];
  return EXIT.failure;
}
