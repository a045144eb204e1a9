// `boxoffice auth status [--offline]`. Exits 3 when there is no usable token or the service refuses
// it, 1 when something other than the service answers at the address.
import type { Command } from 'commander';
import { BoxofficeError, NotLoggedInError } from '../../../client/errors.js';
import { describeRemaining, type ExpiryStatus, expiryStatus } from '../../../auth/expiry.js';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { summarised } from '../summaries.js';
import { loadProfile, notLoggedIn, requireAddresses, type TokenSource } from '../../../session/session.js';
import { checkToken, refusalText, tokenCheckUrl, type TokenCheck } from './token-check.js';
import { notTheServiceLine } from '../../../client/service-answer.js';
import { writeFieldRows, writeJson } from '../../output/index.js';

function describeToken(source: TokenSource, expiresAt: string | undefined, expiry: ExpiryStatus): string {
  if (source === 'env') return 'BOXOFFICE_TOKEN (environment; expiry not known)';
  if (source === 'none') return 'none (run boxoffice login)';
  const day = expiresAt?.slice(0, 10);
  if (expiry.level === 'expired') return `stored in the profile; EXPIRED on ${day}`;
  if (expiry.remainingMs === undefined) return 'stored in the profile; expiry unknown';
  return `stored in the profile; expires ${day} (${describeRemaining(expiry.remainingMs)} left)`;
}

export function registerAuthStatus(program: Command, context: CommandContext, run: RunVerb<{ offline: boolean }> = runAuthStatus): void {
  summarised(program.command('auth'))
    .command('status')
    .description('which token is used, the profile, its addresses, the days left, and whether the service accepts it')
    .option('--offline', 'do not ask the service whether it accepts the token (no request is sent)')
    .addHelpText('after', '\nExamples:\n  boxoffice --profile live auth status\n  boxoffice auth status --offline')
    .action(verbAction(context, run, (flags: { offline?: boolean }) => ({ offline: flags.offline === true })));
}

async function runAuthStatus({ offline }: { offline: boolean }, context: CommandContext): Promise<void> {
  const { deps } = context;
  const { profileName, profile, tokenSource } = await loadProfile(context);
  const expiry = expiryStatus(profile.tokenExpiresAt, deps.clock.now());
  const expired = tokenSource === 'profile' && expiry.level === 'expired';
  const addresses = offline || tokenSource === 'none' || expired ? null : requireAddresses(profile, profileName);
  const check = addresses === null ? null : await checkToken(context, profile, addresses, true);
  const foreign = check !== null && !check.accepted && check.refusal === undefined ? check.answer : null;
  const answer = foreign?.what ?? null;
  // null: not asked (--offline, no token), or not known.
  const status = {
    profile: profileName,
    tokenSource,
    apiUrl: profile.apiUrl ?? null,
    publisherUrl: profile.publisherUrl ?? null,
    authUrl: profile.authUrl ?? null,
    tokenExpiresAt: tokenSource === 'profile' ? (profile.tokenExpiresAt ?? null) : null,
    daysLeft: tokenSource === 'profile' ? (expiry.daysLeft ?? null) : null,
    expired,
    publisherKey: Boolean(profile.publisherKey),
    bookingKey: Boolean(profile.bookingKey),
    tokenAccepted: check === null || answer !== null ? null : check.accepted,
    account: check?.accepted ? check.account : null,
    reached: addresses === null ? null : tokenCheckUrl(addresses.apiUrl),
    looksLikeService: check === null ? null : answer === null,
    answer,
  };

  if (context.globals().json) {
    writeJson(deps.io, status);
  } else {
    const lines: [string, string][] = [
      ['profile', profileName],
      ['token', describeToken(tokenSource, profile.tokenExpiresAt, expiry)],
      ['account', accountLine(check)],
      ['api', status.apiUrl ?? '(not set)'],
      ['publisher api', status.publisherUrl ?? '(not set)'],
      ['auth', status.authUrl ?? '(not set)'],
      ['publisher key', status.publisherKey ? 'set' : 'not set'],
      ['booking key', status.bookingKey ? 'set' : 'not set'],
      ...(status.reached === null ? [] : [['reached', status.reached] as [string, string]]),
      ['service', serviceLine(check, offline)],
    ];
    await writeFieldRows(deps, lines, ['setting', 'value']);
  }
  if (tokenSource === 'none') throw notLoggedIn(profileName);
  if (status.expired) throw new NotLoggedInError(`the token of profile ${profileName} has expired: run boxoffice login`);
  if (foreign !== null && status.reached !== null) throw new BoxofficeError(notTheServiceLine(status.reached, foreign, profileName));
  if (check !== null && !check.accepted && check.refusal !== undefined) {
    const next = tokenSource === 'env' ? 'replace BOXOFFICE_TOKEN' : `run boxoffice --profile ${profileName} login`;
    const source = tokenSource === 'env' ? 'BOXOFFICE_TOKEN (the environment)' : `the stored token of profile ${profileName}`;
    throw new NotLoggedInError(`the service refused ${source} (${refusalText(check.refusal)}): ${next}`);
  }
}

/** The service names the account only in the account's events. */
function accountLine(check: TokenCheck | null): string {
  if (check === null || !check.accepted) return 'not known';
  return check.account ?? 'not known until the account has an event';
}

function serviceLine(check: TokenCheck | null, offline: boolean): string {
  if (check === null) return offline ? 'not asked (--offline)' : 'not asked';
  if (check.accepted) return 'answers as the service does, and accepts the token';
  if (check.refusal === undefined) return `NOT the service: ${check.answer.what}`;
  return `answers as the service does, and REFUSES the token (${refusalText(check.refusal)})`;
}
