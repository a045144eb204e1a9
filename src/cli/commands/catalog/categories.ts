// `boxoffice catalog categories` (P2): category slug → display name.
import type { Command } from 'commander';
import { verbAction, type CommandContext, type NoOptions, type RunVerb } from '../../context.js';
import { openSession } from '../../session.js';
import { writeJson, writeRows } from '../../output/index.js';

export function registerCatalogCategories(
  group: Command,
  context: CommandContext,
  run: RunVerb<NoOptions> = (_options, runContext) => runCatalogCategories(runContext),
): void {
  group
    .command('categories')
    .description('every category: slug and display name')
    .addHelpText('after', '\nExample:\n  boxoffice catalog categories')
    .action(verbAction(context, run, () => ({})));
}

async function runCatalogCategories(context: CommandContext): Promise<void> {
  const session = await openSession(context, { token: false, publisherKey: true });
  try {
    const body = await session.client.publisher.categories({});
    if (context.globals().json) return writeJson(context.deps.io, body);
    await writeRows(
      context,
      [
        { header: 'category', value: ([slug]: [string, string]) => slug },
        { header: 'name', value: ([, name]: [string, string]) => name },
      ],
      Object.entries(body.categories),
      { emptyMessage: 'no categories' },
    );
  } finally {
    await session.client.close();
  }
}
