// `boxoffice config list [--all]`: the settings of the profile (or of every profile), secrets
// shown only as "(set)".
import type { Command } from 'commander';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { openConfigStore } from '../../../session/config/store.js';
import { PROFILE_KEYS, SECRET_KEYS } from '../../../session/config/profile.js';
import { assertProfileExists } from '../../../session/session.js';
import { writeJson, writeRows } from '../../output/index.js';

export function registerConfigList(group: Command, context: CommandContext, run: RunVerb<{ all: boolean }> = runConfigList): void {
  group
    .command('list')
    .description('show the settings of the profile (secrets masked)')
    .option('--all', 'every profile')
    .addHelpText('after', '\nExamples:\n  boxoffice config list\n  boxoffice config list --all --json')
    .action(verbAction(context, run, (flags: { all?: boolean }) => ({ all: flags.all === true })));
}

async function runConfigList(options: { all: boolean }, context: CommandContext): Promise<void> {
  const { deps } = context;
  const store = await openConfigStore(deps.env);
  const selected = context.globals().profile;
  if (!options.all) assertProfileExists(store, selected);
  const names = options.all ? store.profileNames() : [selected];
  const documents = Object.fromEntries(
    names.map((name) => {
      const profile = store.getProfile(name);
      const set = PROFILE_KEYS.filter((key) => profile[key] !== undefined);
      return [name, Object.fromEntries(set.map((key) => [key, SECRET_KEYS.has(key) ? '(set)' : (profile[key] as string)]))];
    }),
  );
  const rows = Object.entries(documents).flatMap(([profile, settings]) => Object.entries(settings).map(([key, value]) => ({ profile, key, value })));
  if (context.globals().json) return writeJson(deps.io, { path: store.path, profiles: documents });
  if (deps.io.stdoutIsTTY) deps.io.stderr.write(`config file: ${store.path}\n`);
  await writeRows(
    deps,
    [
      { header: 'profile', value: (row) => row.profile },
      { header: 'setting', value: (row) => row.key },
      { header: 'value', value: (row) => row.value },
    ],
    rows,
    { emptyMessage: `profile ${selected} has no settings yet` },
  );
}
