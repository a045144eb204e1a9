// `boxoffice auth status`: which token is used (environment or profile), for which profile and
// addresses, and how many days it has left. Exits 3 when there is no usable token.
import type { Command } from 'commander';
import { NotLoggedInError } from '../../../client/errors.js';
import { describeRemaining, type ExpiryStatus, expiryStatus } from '../../../auth/expiry.js';
import type { CommandContext } from '../../context.js';
import { summaryOf } from '../summaries.js';
import { loadProfile } from '../../session.js';
import { writeJson, writeRows } from '../../output/index.js';

interface AuthStatus {
  profile: string;
  tokenSource: 'env' | 'profile' | 'none';
  apiUrl: string | null;
  publisherUrl: string | null;
  authUrl: string | null;
  tokenExpiresAt: string | null;
  daysLeft: number | null;
  expired: boolean;
  publisherKey: boolean;
  bookingKey: boolean;
}

function describeToken(
  source: AuthStatus['tokenSource'],
  expiresAt: string | undefined,
  expiry: ExpiryStatus,
): string {
  if (source === 'env') return 'from BOXOFFICE_TOKEN (the environment; its expiry is not known here)';
  if (source === 'none') return 'none (run boxoffice login)';
  const day = expiresAt?.slice(0, 10);
  if (expiry.level === 'expired') return `stored in the profile; EXPIRED on ${day}`;
  if (expiry.remainingMs === undefined) return 'stored in the profile; expiry unknown';
  return `stored in the profile; expires ${day} (${describeRemaining(expiry.remainingMs)} left)`;
}

export function registerAuthStatus(program: Command, context: CommandContext): void {
  program
    .command('auth')
    .description(summaryOf('auth'))
    .command('status')
    .description('which token is used, the profile, its addresses and the days left')
    .addHelpText('after', '\nExample:\n  boxoffice --profile live auth status')
    .action(async () => {
      await runAuthStatus(context);
    });
}

async function runAuthStatus(context: CommandContext): Promise<void> {
  const { deps } = context;
  const { profileName, profile, tokenSource } = await loadProfile(context);
  const expiry = expiryStatus(profile.tokenExpiresAt, deps.clock.now());
  const status: AuthStatus = {
    profile: profileName,
    tokenSource,
    apiUrl: profile.apiUrl ?? null,
    publisherUrl: profile.publisherUrl ?? null,
    authUrl: profile.authUrl ?? null,
    tokenExpiresAt: tokenSource === 'profile' ? (profile.tokenExpiresAt ?? null) : null,
    daysLeft: tokenSource === 'profile' ? (expiry.daysLeft ?? null) : null,
    expired: tokenSource === 'profile' && expiry.level === 'expired',
    publisherKey: Boolean(profile.publisherKey),
    bookingKey: Boolean(profile.bookingKey),
  };

  if (context.globals().json) {
    writeJson(deps.io, status);
  } else {
    const tokenLine = describeToken(tokenSource, profile.tokenExpiresAt, expiry);
    const lines: [string, string][] = [
      ['profile', profileName],
      ['token', tokenLine],
      ['api', status.apiUrl ?? '(not set)'],
      ['publisher api', status.publisherUrl ?? '(not set)'],
      ['auth', status.authUrl ?? '(not set)'],
      ['publisher key', status.publisherKey ? 'set' : 'not set'],
      ['booking key', status.bookingKey ? 'set' : 'not set'],
    ];
    await writeRows(deps, [
      { header: 'setting', value: (row: [string, string]) => row[0] },
      { header: 'value', value: (row: [string, string]) => row[1] },
    ], lines);
  }
  if (tokenSource === 'none') throw new NotLoggedInError(`not logged in (profile ${profileName}): run boxoffice login, or set BOXOFFICE_TOKEN`);
  if (status.expired) throw new NotLoggedInError(`the token of profile ${profileName} has expired: run boxoffice login`);
}
