// `boxoffice catalog categories` (P2): category slug → display name.
import type { Command } from 'commander';
import { verbAction, type CommandContext, type NoOptions, type RunVerb } from '../../framework/context.js';
import { PUBLISHER_KEY_ONLY, withSession } from '../../../session/session.js';
import { writeAnswer } from '../../output/index.js';

export function registerCatalogCategories(group: Command, context: CommandContext, run: RunVerb<NoOptions> = runCatalogCategories): void {
  group
    .command('categories')
    .description('every category: slug and display name')
    .addHelpText('after', '\nExample:\n  boxoffice catalog categories')
    .action(verbAction(context, run, () => ({})));
}

async function runCatalogCategories(_options: NoOptions, context: CommandContext): Promise<void> {
  await withSession(context, PUBLISHER_KEY_ONLY, async (session) => {
    const body = await session.client.publisher.categories({});
    const columns = [
      { header: 'category', value: ([slug]: [string, string]) => slug },
      { header: 'name', value: ([, name]: [string, string]) => name },
    ];
    await writeAnswer(context, body, columns, Object.entries(body.categories), { emptyMessage: 'no categories' });
  });
}
