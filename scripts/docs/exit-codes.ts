// What each exit code means (cli-contract "Exit codes"), for the reference pages and the man page.
// Keyed by the CLI's own EXIT table, so a new exit code does not type-check until it is described.
import { EXIT } from '../../src/cli/framework/exit-codes.js';

const MEANINGS: Record<keyof typeof EXIT, string> = {
  ok: 'success (also `--help` and `--version`)',
  failure: 'the service answered with an error, or a runtime failure (network down after the retries, disk full)',
  usage: 'usage or validation error, found before any request was sent',
  auth: 'not logged in, or the token was refused (E001) or may not do this (E008)',
  rateLimited: 'still rate-limited (E023) after the retries allowed',
  unchangeable: '`apply`: the file asks for a change the API offers no way to make (a discount whose id the service never gave)',
  alreadyIn: '`checkin … CODE`: already in (let in before, at this door or another); nobody was let in',
  notFound: '`checkin … CODE`: no attendee of the synced list has that ticket or order number',
  cancelled: '`checkin … CODE`: the ticket is cancelled; nobody was let in',
  changesPending: '`apply --dry-run --detailed-exitcode`: the plan creates or updates something (nothing was changed)',
  interrupted: 'interrupted (Ctrl-C, also at a question); answering "no" to a confirmation exits 1',
};

export const EXIT_CODE_MEANINGS: readonly { code: number; meaning: string }[] = (Object.keys(EXIT) as (keyof typeof EXIT)[]).map((name) => ({
  code: EXIT[name],
  meaning: MEANINGS[name],
}));
