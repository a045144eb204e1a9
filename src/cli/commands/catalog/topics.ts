// `boxoffice catalog topics` (P3): the topics of each segment, one row per topic.
import type { Command } from 'commander';
import { verbAction, type CommandContext, type NoOptions, type RunVerb } from '../../framework/context.js';
import { PUBLISHER_KEY_ONLY, withSession } from '../../../session/session.js';
import { writeAnswer } from '../../output/index.js';

export function registerCatalogTopics(group: Command, context: CommandContext, run: RunVerb<NoOptions> = runCatalogTopics): void {
  group
    .command('topics')
    .description('the topics of each segment')
    .addHelpText('after', '\nExample:\n  boxoffice catalog topics')
    .action(verbAction(context, run, () => ({})));
}

async function runCatalogTopics(_options: NoOptions, context: CommandContext): Promise<void> {
  await withSession(context, PUBLISHER_KEY_ONLY, async (session) => {
    const body = await session.client.publisher.topics({});
    const rows = Object.entries(body.topics).flatMap(([segment, topics]) => topics.map((topic) => ({ segment, topic })));
    const columns = [
      { header: 'segment', value: (row: (typeof rows)[number]) => row.segment },
      { header: 'topic', value: (row: (typeof rows)[number]) => row.topic },
    ];
    await writeAnswer(context, body, columns, rows, { emptyMessage: 'no topics' });
  });
}
