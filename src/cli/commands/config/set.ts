// `boxoffice config set KEY [VALUE]` (creating the profile if needed). VALUE is read from stdin when
// it is `-` or stdin is not a terminal, so a secret never needs to be in argv.
import type { Command } from 'commander';
import { UsageError } from '../../../client/errors.js';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { profileKeyFrom, checkSettingValue, settingArgument } from './keys.js';
import { SECRET_KEYS } from '../../../session/config/profile.js';
import { createPrompter } from '../../framework/prompt.js';
import { readAllStdin } from '../../process/stdin.js';
import { openConfigStore } from '../../../session/config/store.js';
import { writeDone } from '../../output/index.js';

export function registerConfigSet(group: Command, context: CommandContext, run: RunVerb<{ key: string; value?: string }> = runConfigSet): void {
  group
    .command('set')
    .description('change one setting of the profile ("" removes it; no value: asked for, hidden for secrets, or read from piped stdin)')
    .addArgument(settingArgument())
    .argument('[VALUE]', 'the new value; - reads it from stdin')
    .addHelpText(
      'after',
      '\nExamples:\n  boxoffice --profile live config set apiUrl https://api.example.com\n  boxoffice --profile live config set clientSecret     # asked for, not echoed\n' +
        '  boxoffice --profile live config set clientSecret - < client-secret.txt',
    )
    .action(verbAction(context, run, (key: string, value: string | undefined) => ({ key, value })));
}

async function runConfigSet(options: { key: string; value?: string }, context: CommandContext): Promise<void> {
  const key = profileKeyFrom(options.key);
  const { deps } = context;
  let value = options.value;
  if (value === '-' || (value === undefined && !deps.io.stdinIsTTY)) {
    const explicit = value === '-';
    value = (await readAllStdin(deps.io)).trim();
    if (value === '') {
      throw new UsageError(
        explicit
          ? `VALUE -: nothing on stdin, e.g. boxoffice config set ${key} - < FILE`
          : `missing VALUE: pipe it in (printf %s "$VALUE" | boxoffice config set ${key}), or give it`,
        'VALUE',
      );
    }
    if (/[\r\n]/.test(value)) throw new UsageError(`VALUE: expected one line on stdin, not ${value.split(/\r?\n/).length}`, 'VALUE');
  }
  if (value === undefined) {
    if (!context.globals().input) throw new UsageError(`missing VALUE: boxoffice config set ${key} VALUE`, 'VALUE');
    const prompter = createPrompter(deps);
    value = SECRET_KEYS.has(key) ? await prompter.secret({ message: key }) : await prompter.text({ message: key });
  }
  value = value.trim();
  const warning = value === '' ? undefined : checkSettingValue(key, value);
  const store = await openConfigStore(deps.env);
  const profileName = context.globals().profile;
  await store.updateProfile(profileName, { [key]: value === '' ? undefined : value });
  if (warning) deps.io.stderr.write(`${warning}\n`);
  const said = value === '' ? `removed ${key} from profile ${profileName}` : `set ${key} in profile ${profileName}`;
  writeDone(context, { profile: profileName, key, set: value !== '' }, said);
}
