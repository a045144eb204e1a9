// `boxoffice logout`: removes the stored token of the profile.
import type { Command } from 'commander';
import { verbAction, type CommandContext, type NoOptions, type RunVerb } from '../../framework/context.js';
import { summarised } from '../summaries.js';
import { loadProfile } from '../../../session/session.js';
import { writeDone } from '../../output/index.js';

export function registerAuthLogout(program: Command, context: CommandContext, run: RunVerb<NoOptions> = (_options, runContext) => runLogout(runContext)): void {
  summarised(program.command('logout'))
    .addHelpText('after', '\nExample:\n  boxoffice --profile live logout')
    .action(verbAction(context, run, () => ({})));
}

async function runLogout(context: CommandContext): Promise<void> {
  const { deps } = context;
  const { profileName, store } = await loadProfile(context);
  const hadToken = Boolean(store.getProfile(profileName).token);
  await store.updateProfile(profileName, { token: undefined, tokenExpiresAt: undefined });
  const said = hadToken ? `logged out (profile ${profileName}): the token was removed` : `profile ${profileName} had no stored token`;
  writeDone(context, { profile: profileName, removed: hadToken }, said);
  if (deps.env.BOXOFFICE_TOKEN?.trim()) deps.io.stderr.write('note: BOXOFFICE_TOKEN is still set in the environment and is still used\n');
}
