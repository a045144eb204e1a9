// `boxoffice login`: an access token for the profile (authorization-code flow, or a user access token on stdin), stored with its expiry.
import { readAllStdin } from '../../process/stdin.js';
import { Option, type Command } from 'commander';
import { BoxofficeError, NotLoggedInError, UsageError } from '../../../client/errors.js';
import { checkToken, refusalText, tokenCheckUrl } from './token-check.js';
import { notTheServiceLine } from '../../../client/service-answer.js';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { summarised } from '../summaries.js';
import type { ConfigStore } from '../../../session/config/store.js';
import { createWiredClient, loadProfile, requireAddresses, whereToGet } from '../../../session/session.js';
import { threeMonthsAfter } from '../../../auth/expiry.js';
import { LoginTimeoutError } from '../../../auth/errors.js';
import { writeDone } from '../../output/index.js';
import { createPrompter } from '../../framework/prompt.js';
import { parseDuration } from '../../framework/duration.js';
import type { Profile } from '../../../session/config/profile.js';

interface LoginOptions {
  browser: boolean;
  withToken: boolean;
  port: number;
  timeoutMs: number;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`invalid --port ${JSON.stringify(value)}: expected 0–65535`, '--port');
  return port;
}

export function registerAuthLogin(program: Command, context: CommandContext, run: RunVerb<LoginOptions> = runLogin): void {
  summarised(program.command('login'))
    .option('--no-browser', 'print the address to open instead of opening a browser')
    .option('--with-token', 'read a user access token (from the developer area) from stdin instead')
    .addOption(new Option('--port <n>', 'port of the local callback http://127.0.0.1:N/callback (0 = any free port)').default('8976'))
    .addOption(new Option('--timeout <duration>', 'how long to wait for the browser, e.g. 90s, 5m (a bare number is seconds)').default('5m'))
    .addHelpText('after', '\nExamples:\n  boxoffice login\n  boxoffice --profile live login --no-browser\n  echo "$TOKEN" | boxoffice login --with-token')
    .action(
      verbAction(context, run, (flags: { browser: boolean; withToken?: boolean; port: string; timeout: string }) => ({
        timeoutMs: parseDuration(flags.timeout, '--timeout', { positive: true }),
        browser: flags.browser,
        withToken: flags.withToken === true,
        port: parsePort(flags.port),
      })),
    );
}

async function runLogin(options: LoginOptions, context: CommandContext): Promise<void> {
  const { deps } = context;
  // Addresses may come from the environment; the token being obtained is never sent anywhere.
  const { profileName, store, profile } = await loadProfile(context);

  let token: string;
  let expiresAt: Date;
  if (options.withToken) {
    token = await readTokenFromInput(context);
    // Checked before it is stored: a refused token never replaces the one stored (which may work).
    const check = await checkToken(context, { ...profile, token }, requireAddresses(profile, profileName));
    if (!check.accepted) {
      const kept = store.getProfile(profileName).token ? 'the stored token was kept' : 'nothing was stored';
      if (check.refusal === undefined)
        throw new BoxofficeError(`${notTheServiceLine(tokenCheckUrl(profile.apiUrl ?? ''), check.answer, profileName)} (${kept})`);
      throw new NotLoggedInError(
        `the service refused the token read from ${deps.io.stdinIsTTY ? 'the prompt' : 'stdin'} (${refusalText(check.refusal)}); ${kept}: ` +
          whereToGet(profileName, 'organizer', "create a new user access token in the service's developer area"),
      );
    }
    // A user access token lives 3 months; its creation time is unknown here.
    expiresAt = threeMonthsAfter(deps.clock.now());
  } else {
    const addresses = requireAddresses(profile, profileName);
    if (context.globals().input) await askForApplication(context, store, profileName, profile);
    const missing = (['clientId', 'clientSecret'] as const).filter((key) => !profile[key]);
    if (missing.length > 0) {
      throw new UsageError(
        `profile ${profileName} has no ${missing.join(' or ')}: register an application in the service's developer area ` +
          `(callback http://127.0.0.1:8976/callback), then run boxoffice --profile ${profileName} config set ${missing[0]} …` +
          ` (or use boxoffice login --with-token)`,
        missing[0],
      );
    }
    const client = await createWiredClient(context, profile, addresses);
    try {
      const { browserLogin } = await import('../../../auth/browser-login.js');
      const response = await browserLogin({
        oauth: client.oauth,
        clientId: profile.clientId as string,
        clientSecret: profile.clientSecret as string,
        port: options.port,
        timeoutMs: options.timeoutMs,
        openBrowser: options.browser ? (url) => deps.openBrowser(url) : undefined,
        tell: (line) => deps.io.stderr.write(`${line}\n`),
        sleep: (ms, signal) => deps.clock.sleep(ms, signal),
        signal: deps.signal,
      });
      token = response.access_token;
      const now = deps.clock.now();
      expiresAt =
        typeof response.expires_in === 'number' && response.expires_in > 0 ? new Date(now.getTime() + response.expires_in * 1000) : threeMonthsAfter(now);
    } catch (error) {
      if (error instanceof LoginTimeoutError) error.notes.next = 'run boxoffice login again';
      throw error;
    } finally {
      await client.close();
    }
  }

  const expires = expiresAt.toISOString();
  await store.updateProfile(profileName, { token, tokenExpiresAt: expires });
  writeDone(context, { profile: profileName, tokenExpiresAt: expires }, `logged in (profile ${profileName}); the token is valid until ${expires.slice(0, 10)}`);
  if (deps.env.BOXOFFICE_TOKEN?.trim()) deps.io.stderr.write('note: BOXOFFICE_TOKEN is set and takes precedence over the stored token\n');
}

/** On a terminal, the client id and secret the profile lacks are asked for and stored: login is the one step after registering. */
async function askForApplication(context: CommandContext, store: ConfigStore, profileName: string, profile: Profile): Promise<void> {
  if (profile.clientId && profile.clientSecret) return;
  const { deps } = context;
  deps.io.stderr.write(
    `profile ${profileName} has no registered application yet: register one in the service's developer area with the callback ` +
      'http://127.0.0.1:8976/callback, then give its client id and secret\n',
  );
  const prompter = createPrompter(deps);
  const required = (answer: string) => (answer.trim() ? true : 'required');
  const patch: Pick<Profile, 'clientId' | 'clientSecret'> = {};
  if (!profile.clientId) patch.clientId = (await prompter.text({ message: 'Client id', validate: required })).trim();
  if (!profile.clientSecret) patch.clientSecret = (await prompter.secret({ message: 'Client secret', validate: required })).trim();
  await store.updateProfile(profileName, patch);
  Object.assign(profile, patch);
}

async function readTokenFromInput(context: CommandContext): Promise<string> {
  const { io } = context.deps;
  const prompt = { message: 'Paste the access token', validate: (answer: string) => (answer.trim() ? true : 'a token is required') };
  const text = io.stdinIsTTY && context.globals().input ? await createPrompter(context.deps).secret(prompt) : await readAllStdin(io);
  const token = text.trim();
  if (!token) throw new UsageError('no token on stdin: pipe one in, e.g. echo "$TOKEN" | boxoffice login --with-token', '--with-token');
  if (/\s/.test(token)) throw new UsageError('the token on stdin contains spaces or several lines; give exactly one token', '--with-token');
  return token;
}
