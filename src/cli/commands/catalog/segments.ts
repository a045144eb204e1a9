// `boxoffice catalog segments` (P1): the segment → category → topic tree, one row per category.
import { Option, type Command } from 'commander';
import { EVENT_TYPES, EVENT_VISIBILITIES } from '../../../client/schemas/values.js';
import type { SegmentsRequest } from '../../../client/schemas/index.js';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { PUBLISHER_KEY_ONLY, withSession } from '../../../session/session.js';
import { writeAnswer } from '../../output/index.js';

export function registerCatalogSegments(group: Command, context: CommandContext, run: RunVerb<SegmentsRequest> = runCatalogSegments): void {
  group
    .command('segments')
    .description('the segment tree: segments, their categories and topics')
    .addOption(new Option('--event-type <type>', 'only segments of public or private events').choices(EVENT_VISIBILITIES))
    .addOption(new Option('--type <type>', 'only segments of this kind of event').choices(EVENT_TYPES))
    .addHelpText('after', '\nExample:\n  boxoffice catalog segments --type conference')
    .action(verbAction(context, run, (flags: SegmentsRequest) => flags));
}

async function runCatalogSegments(request: SegmentsRequest, context: CommandContext): Promise<void> {
  await withSession(context, PUBLISHER_KEY_ONLY, async (session) => {
    const body = await session.client.publisher.segments(request);
    const rows = body.segments.flatMap((segment) =>
      (segment.category.length === 0 ? [undefined] : segment.category).map((category) => ({ segment, category })),
    );
    await writeAnswer(
      context,
      body,
      [
        { header: 'segment', value: (row) => row.segment.segmentId },
        { header: 'segment name', value: (row) => row.segment.segmentName },
        { header: 'category', value: (row) => row.category?.categoryId },
        { header: 'category name', value: (row) => row.category?.categoryName },
        { header: 'topics', value: (row) => row.category?.topics.map((topic) => topic.topicId).join(',') },
      ],
      rows,
      { emptyMessage: 'no segments' },
    );
  });
}
