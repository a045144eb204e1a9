// openSession(context, needs): the profile in effect (stored values, then environment overrides),
// checked, with a client wired to --debug, the clock and Ctrl-C. Every call of the service starts here.
import { NotLoggedInError, RateLimitError, UsageError } from '../client/errors.js';
import type { BoxofficeClient, ClientConfig } from '../client/index.js';
import { WaitBudget } from '../client/wait-budget.js';
import { describeRemaining, expiryStatus, type ExpiryStatus } from '../auth/expiry.js';
import type { CommandContext } from './context.js';
import { openConfigStore, type ConfigStore } from './config/store.js';
import type { Profile } from './config/profile.js';
import { Redactor } from '../client/redact.js';
import { formatDuration } from '../util/duration.js';
import { isLoopbackHost } from '../client/loopback.js';

export interface SessionNeeds {
  /** An Event & Registration API access token (default: true). */
  token?: boolean;
  publisherKey?: boolean;
  bookingKey?: boolean;
  /** --max-wait: how long the command's calls may wait out rate limits in all; default the client's two minutes a call. */
  maxWaitMs?: number;
  /** Where the line before each wait goes; default stderr. */
  notice?: (line: string) => void;
}

export type TokenSource = 'env' | 'profile' | 'none';

export type Session = Awaited<ReturnType<typeof openSession>>;

const ENV_OVERRIDES = [
  ['BOXOFFICE_API_URL', 'apiUrl'],
  ['BOXOFFICE_PUBLISHER_URL', 'publisherUrl'],
  ['BOXOFFICE_AUTH_URL', 'authUrl'],
  ['BOXOFFICE_TOKEN', 'token'],
  ['BOXOFFICE_PUBLISHER_KEY', 'publisherKey'],
  ['BOXOFFICE_BOOKING_KEY', 'bookingKey'],
] as const;

export function expiryWarning(status: ExpiryStatus, profileName: string): string | undefined {
  if (status.remainingMs === undefined || !status.expiresAt) return undefined;
  const when = status.expiresAt.toISOString().slice(0, 10);
  const left = describeRemaining(status.remainingMs);
  if (status.level === 'urgent') return `WARNING: the token of profile ${profileName} expires in ${left} (${when}); run boxoffice login now`;
  if (status.level === 'soon') return `warning: the token of profile ${profileName} expires in ${left} (${when}); run boxoffice login to renew it`;
  return undefined;
}

function profileSecrets(profile: Profile): string[] {
  return [profile.token, profile.clientSecret, profile.publisherKey, profile.bookingKey].filter(
    (value): value is string => typeof value === 'string' && value.length > 0,
  );
}

const ADDRESS_KEYS = ['apiUrl', 'publisherUrl', 'authUrl'] as const;

/** The three base addresses, each checked: https, or http only to this machine. */
export function requireAddresses(profile: Profile, profileName: string): Pick<ClientConfig, 'apiUrl' | 'publisherUrl' | 'authUrl'> {
  const missing = ADDRESS_KEYS.filter((key) => !profile[key]);
  if (missing.length > 0) {
    throw new UsageError(
      `profile ${profileName} has no ${missing.join(', ')}: run boxoffice --profile ${profileName} config set ${missing[0]} https://… ` +
        `(or set ${missing.map((key) => ENV_OVERRIDES.find(([, setting]) => setting === key)?.[0]).join(', ')})`,
      missing[0],
    );
  }
  for (const key of ADDRESS_KEYS) assertSafeBaseUrl(profile[key] as string, key, profileName);
  return { apiUrl: profile.apiUrl as string, publisherUrl: profile.publisherUrl as string, authUrl: profile.authUrl as string };
}

// A token or secret travels only over HTTPS, or to this machine (RFC 8252 allows plain http on the loopback interface).
export function assertSafeBaseUrl(value: string, setting: string, profileName: string): URL {
  const url = URL.parse(value);
  if (!url) throw new UsageError(`profile ${profileName}: ${setting} ${JSON.stringify(value)} is not an address`, setting);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return url;
  if (url.protocol === 'http:') {
    throw new UsageError(
      `profile ${profileName}: ${setting} ${url.origin} uses plain http to a host other than this machine; ` +
        `tokens are only sent over https (run boxoffice config set ${setting} https://…)`,
      setting,
    );
  }
  throw new UsageError(`profile ${profileName}: ${setting} must be an http(s) address, not ${url.protocol}`, setting);
}

/** A profile is made by `config set`; a misspelt --profile must not silently start an empty one. */
export function assertProfileExists(store: ConfigStore, profileName: string): void {
  if (!store.hasProfile(profileName)) {
    throw new UsageError(
      `no profile named ${profileName} (profiles: ${store.profileNames().join(', ')}); create it with boxoffice --profile ${profileName} config set apiUrl https://…`,
      '--profile',
    );
  }
}

export async function loadProfile(context: CommandContext) {
  const profileName = context.globals().profile;
  const store = await openConfigStore(context.deps.env);
  assertProfileExists(store, profileName);
  const { env } = context.deps;
  const stored = store.getProfile(profileName);
  const profile: Profile = { ...stored };
  for (const [variable, key] of ENV_OVERRIDES) {
    const value = env[variable]?.trim();
    if (value) profile[key] = value;
  }
  const envToken = env.BOXOFFICE_TOKEN?.trim();
  // A token from the environment has no known expiry; the stored one's does not apply to it.
  if (envToken) delete profile.tokenExpiresAt;
  const tokenSource: TokenSource = envToken ? 'env' : stored.token ? 'profile' : 'none';
  return { profileName, store, profile, tokenSource };
}

export const notLoggedIn = (profileName: string) => new NotLoggedInError(`not logged in (profile ${profileName}): run boxoffice login, or set BOXOFFICE_TOKEN`);

export async function openSession(context: CommandContext, needs: SessionNeeds = {}) {
  const { deps } = context;
  const { profileName, store, profile, tokenSource } = await loadProfile(context);
  const addresses = requireAddresses(profile, profileName);

  if (needs.token !== false) {
    if (!profile.token) throw notLoggedIn(profileName);
    if (tokenSource === 'profile') {
      const status = expiryStatus(profile.tokenExpiresAt, deps.clock.now());
      if (status.level === 'expired') {
        const when = status.expiresAt?.toISOString().slice(0, 10) ?? '';
        throw new NotLoggedInError(`the token of profile ${profileName} expired on ${when}: run boxoffice login`);
      }
      const warning = expiryWarning(status, profileName);
      if (warning) deps.io.stderr.write(`${warning}\n`);
    }
  }
  if (needs.publisherKey && !profile.publisherKey) {
    const next = whereToGet(profileName, 'publisher', 'set BOXOFFICE_PUBLISHER_KEY or run boxoffice config set publisherKey KEY');
    throw new NotLoggedInError(`no Publisher API key (profile ${profileName}): ${next}`);
  }
  if (needs.bookingKey && !profile.bookingKey) {
    throw new UsageError(
      `no booking key (profile ${profileName}): set BOXOFFICE_BOOKING_KEY, give --booking-key-file FILE or run boxoffice config set bookingKey`,
      '--booking-key-file',
    );
  }

  // The command's --max-wait is one budget for all its calls.
  const waitBudget = needs.maxWaitMs === undefined ? undefined : new WaitBudget(needs.maxWaitMs);
  if (waitBudget && context.run) context.run.waitBudget = waitBudget;
  const client = await createWiredClient(context, profile, addresses, { ...needs, waitBudget });
  return { profileName, profile, client, tokenSource, store, secrets: profileSecrets(profile), waitBudget };
}

/** A client wired to the command's clock, environment (proxies), Ctrl-C, retry notices and --debug trace (every credential redacted). */
export async function createWiredClient(
  context: CommandContext,
  profile: Profile,
  addresses: Pick<ClientConfig, 'apiUrl' | 'publisherUrl' | 'authUrl'>,
  waits: Pick<SessionNeeds, 'maxWaitMs' | 'notice'> & { waitBudget?: WaitBudget } = {},
): Promise<BoxofficeClient> {
  const { deps } = context;
  const redactor = new Redactor(profileSecrets(profile));
  const stderr = deps.io.stderr;
  const notice = waits.notice ?? ((line: string) => stderr.write(`${line}\n`));
  // Without --max-wait, a context's own limit (an MCP tool call's) bounds each call.
  const maxWaitMs = waits.maxWaitMs ?? context.maxWaitMs;
  const config: ClientConfig = {
    ...addresses,
    token: profile.token,
    publisherKey: profile.publisherKey,
    env: deps.env,
    now: () => deps.clock.now().getTime(),
    sleep: (ms, signal) => deps.clock.sleep(ms, signal),
    signal: deps.signal,
    ...(maxWaitMs === undefined ? {} : { retry: { maxTotalWaitMs: maxWaitMs, maxAttempts: MAX_ATTEMPTS_WITH_MAX_WAIT } }),
    ...(waits.waitBudget === undefined ? {} : { waitBudget: waits.waitBudget }),
    onRetry: ({ delayMs, error, operation }) => notice(retryNotice(delayMs, error, operation, maxWaitMs)),
    ...(context.globals().debug ? { trace: (line: string) => stderr.write(`${redactor.text(line)}\n`) } : {}),
  };
  const { createClient } = await import('../client/index.js');
  return createClient(config);
}

/** With --max-wait the total wait is the limit, not the number of tries. */
const MAX_ATTEMPTS_WITH_MAX_WAIT = 100;

/** "rate limited (E023: limit of 30 read calls an hour reached); waiting 52m before retrying get the booking list (--max-wait 1h)". */
function retryNotice(delayMs: number, error: unknown, operation: string | undefined, maxWaitMs: number | undefined): string {
  const reason =
    error instanceof RateLimitError ? `rate limited (${error.code}${error.description ? `: ${error.description}` : ''})` : 'the service is busy or unreachable';
  const what = operation ? ` ${operation}` : '';
  const limit = maxWaitMs === undefined ? '' : ` (--max-wait ${formatDuration(maxWaitMs)})`;
  return `${reason}; waiting ${formatDuration(Math.ceil(delayMs / 1000) * 1000)} before retrying${what}${limit}`;
}

export const PUBLISHER_KEY_ONLY: SessionNeeds = { token: false, publisherKey: true };

export async function withSession<T>(context: CommandContext, needs: SessionNeeds, work: (session: Session) => Promise<T>): Promise<T> {
  const session = await openSession(context, needs);
  try {
    return await work(session);
  } finally {
    await session.client.close();
  }
}

/** Where `profileName` gets a token or key: on the `local` profile (the built-in sandbox) from `boxoffice sandbox token`, else `elsewhere`. */
export function whereToGet(profileName: string, role: 'organizer' | 'publisher', elsewhere: string): string {
  if (profileName !== 'local') return elsewhere;
  return role === 'publisher'
    ? 'export BOXOFFICE_PUBLISHER_KEY=$(boxoffice sandbox token --role publisher)'
    : 'get one with boxoffice sandbox token (boxoffice sandbox token | boxoffice login --with-token)';
}
