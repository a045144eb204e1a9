// `boxoffice config get KEY`: one setting of the profile (preset values included).
import type { Command } from 'commander';
import { BoxofficeError } from '../../../client/errors.js';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { profileKeyFrom, settingArgument } from './keys.js';
import { loadProfile } from '../../../session/session.js';
import { writeJson } from '../../output/index.js';
import { printOut } from '../../../session/deps.js';

export function registerConfigGet(group: Command, context: CommandContext, run: RunVerb<{ key: string }> = runConfigGet): void {
  group
    .command('get')
    .description('print one setting of the profile')
    .addArgument(settingArgument())
    .addHelpText('after', '\nExample:\n  boxoffice --profile live config get apiUrl')
    .action(verbAction(context, run, (key: string) => ({ key })));
}

async function runConfigGet(options: { key: string }, context: CommandContext): Promise<void> {
  const key = profileKeyFrom(options.key);
  const { profileName, store } = await loadProfile(context);
  const value = store.getProfile(profileName)[key];
  if (context.globals().json) return writeJson(context.deps.io, { profile: profileName, key, value: value ?? null });
  if (value === undefined) throw new BoxofficeError(`${key} is not set in profile ${profileName}`);
  printOut(context.deps.io, `${value}\n`);
}
