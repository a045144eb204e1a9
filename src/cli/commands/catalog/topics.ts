// `boxoffice catalog topics` (P3): the topics of each segment, one row per topic.
import type { Command } from 'commander';
import { verbAction, type CommandContext, type NoOptions, type RunVerb } from '../../context.js';
import { openSession } from '../../session.js';
import { writeJson, writeRows } from '../../output/index.js';

export function registerCatalogTopics(
  group: Command,
  context: CommandContext,
  run: RunVerb<NoOptions> = (_options, runContext) => runCatalogTopics(runContext),
): void {
  group
    .command('topics')
    .description('the topics of each segment')
    .addHelpText('after', '\nExample:\n  boxoffice catalog topics')
    .action(verbAction(context, run, () => ({})));
}

async function runCatalogTopics(context: CommandContext): Promise<void> {
  const session = await openSession(context, { token: false, publisherKey: true });
  try {
    const body = await session.client.publisher.topics({});
    if (context.globals().json) return writeJson(context.deps.io, body);
    const rows = Object.entries(body.topics).flatMap(([segment, topics]) => topics.map((topic) => ({ segment, topic })));
    await writeRows(
      context,
      [
        { header: 'segment', value: (row) => row.segment },
        { header: 'topic', value: (row) => row.topic },
      ],
      rows,
      { emptyMessage: 'no topics' },
    );
  } finally {
    await session.client.close();
  }
}
