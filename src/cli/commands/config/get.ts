// `boxoffice config get KEY`: one setting of the profile (preset values included).
import type { Command } from 'commander';
import { BoxofficeError } from '../../../client/errors.js';
import type { CommandContext } from '../../context.js';

export function registerConfigGet(group: Command, context: CommandContext): void {
  group
    .command('get')
    .description('print one setting of the profile')
    .argument('<KEY>', 'apiUrl, publisherUrl, authUrl, clientId, clientSecret, token, tokenExpiresAt, publisherKey or bookingKey')
    .addHelpText('after', '\nExample:\n  boxoffice --profile live config get apiUrl')
    .action(async (key: string) => {
      await runConfigGet({ key }, context);
    });
}

export async function runConfigGet(options: { key: string }, context: CommandContext): Promise<void> {
  const { profileKeyFrom } = await import('./keys.js');
  const key = profileKeyFrom(options.key);
  const { openConfigStore } = await import('../../config/store.js');
  const { assertProfileExists } = await import('../../session.js');
  const store = await openConfigStore(context.deps.env);
  const profileName = context.globals().profile;
  assertProfileExists(store, profileName);
  const value = store.getProfile(profileName)[key];
  if (context.globals().json) {
    const { writeJson } = await import('../../output/index.js');
    return writeJson(context.deps.io, { profile: profileName, key, value: value ?? null });
  }
  if (value === undefined) throw new BoxofficeError(`${key} is not set in profile ${profileName}`);
  context.deps.io.stdout.write(`${value}\n`);
}
