// Attendee data stays out of the assistant's context: `export_attendees` writes it to a private
// file; only `attendee_rows` (--allow-attendee-rows) returns rows, of the columns asked for.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import * as z from 'zod';
import { UsageError } from '../../client/errors.js';
import { ATTENDEE_STATUSES } from '../../client/schemas/values.js';
import { attendeeListFetcher } from '../../client/paginate.js';
import { exportSource } from '../../export/checkpoint.js';
import { EXPORT_FORMATS, type ExportFormat } from '../../export/formats.js';
import { DEFAULT_PREFETCH, exportAttendees } from '../../export/export-attendees.js';
import { FIXED_COLUMNS } from '../../export/flatten.js';
import { checkDestination, toDestination } from '../../export/to-destination.js';
import { createPrivateDirectory } from '../../util/private-file.js';
import { readExportRows } from '../../insights/read-export.js';
import { attendeeListRefused, withPermissionExplained } from '../../session/permission.js';
import { withSession } from '../../session/session.js';
import { EVENT_INPUT, eventIds } from '../input-schema.js';
import { closed, closedSchema, text, textSchema, unfenced, type ServiceText } from '../service-text.js';
import { ATTENDEE_LIST_TOKEN_NOTE, READ_ONLY, type BoxofficeTool, type ToolInput } from '../tool.js';
import { TOOL_CALL_MAX_WAIT_MS, toolCall, toolContext, type ServerSettings } from '../tool-call.js';

const READS = '1 read call per 50 orders, and 1 more to find the end of the list';
const DEFAULT_ROW_LIMIT = 100;
const MOST_ROWS = 1000;

const statusesInput = z.array(z.enum(ATTENDEE_STATUSES)).optional().describe('only attendees with one of these statuses (default: every attendee)');

const FIXED = new Set<string>(FIXED_COLUMNS);

// A fixed column as named, a question of the attendee form (the organizer's words) fenced.
const column = (name: string) => (FIXED.has(name) ? name : text(name));

const columnsSchema = z
  .array(z.union([z.enum(FIXED_COLUMNS as unknown as [string, ...string[]]), textSchema("a question of the event's attendee form")]))
  .describe("the columns of the list: the fixed ones, then the attendee form's questions");

const EXPORT_OUTPUT = {
  file: z.string().describe('the file written (mode 0600)'),
  format: z.enum(EXPORT_FORMATS),
  orders: z.number().describe('orders in the list'),
  attendees: z.number().describe('attendees written (one row per ticket)'),
  duplicatesDropped: z.number().describe('orders the service listed twice, written once'),
  columns: columnsSchema,
};

const ROWS_OUTPUT = {
  eventId: closedSchema('id', 'the event'),
  attendees: z.number().describe('attendees in the list'),
  returned: z.number().describe('rows returned'),
  columns: columnsSchema.describe('the columns of each row, in order'),
  rows: z.array(z.array(textSchema('a value of the list'))).describe('the rows: one value per column, in the order of columns'),
};

/** The event's attendee list exported into `output` (which must not exist), without the verb's small-heap V8 flags: they are process-wide. */
async function exportTo(settings: ServerSettings, signal: AbortSignal, input: ToolInput, output: string, format: ExportFormat) {
  const eventId = eventIds(input).EVENT_ID as string;
  const statuses = (input.statuses as string[] | undefined) ?? [];
  const context = toolContext(settings, signal);
  const { deps } = context;
  const now = () => deps.clock.now().getTime();
  const notice = (line: string) => deps.io.stderr.write(`${line}\n`);
  const target = { eventId, output, destination: checkDestination(output), format, statuses, force: false };
  const hooks = {
    now,
    confirmReplace: async (path: string) => {
      throw new UsageError(`fileName: ${path} exists; an export never replaces a file: give another fileName`, 'fileName');
    },
  };
  const summary = await toDestination(target, deps.io.stdout, hooks, (rows, outputPath) =>
    withSession(context, { token: true, maxWaitMs: TOOL_CALL_MAX_WAIT_MS, notice }, (session) =>
      withPermissionExplained(attendeeListRefused(eventId), () =>
        exportAttendees(
          { eventId, format, outputPath, resume: false, prefetch: DEFAULT_PREFETCH, statuses },
          {
            fetchBatch: attendeeListFetcher(session.client.events),
            source: exportSource(session.profile.apiUrl as string, session.profile.token as string),
            stdout: rows,
            notice,
            signal,
            now,
          },
        ),
      ),
    ),
  );
  const { file, orders, attendees, duplicatesDropped, columns } = summary;
  return { file: file ?? output, format, orders, attendees, duplicatesDropped, columns };
}

/** `attendees-12-2026-11-24T19-05-12Z.csv`: a new name for each export. */
function defaultFileName(eventId: string, now: Date, format: ExportFormat): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  return `attendees-${eventId.replace(/[^\w.-]/g, '_')}-${stamp}.${format}`;
}

function exportTool(settings: ServerSettings, exportDir: string): BoxofficeTool {
  return {
    name: 'export_attendees',
    title: 'Export attendees to a file',
    summary:
      `Writes every attendee of an event (one row per ticket) to a private file (mode 0600) in ${exportDir} and returns ` +
      `its path, the counts and the column names; the rows themselves are not returned. ${ATTENDEE_LIST_TOKEN_NOTE}`,
    reads: READS,
    changes: 'nothing on the service; writes one new file (an existing file is never replaced)',
    writes: false,
    input: {
      ...EVENT_INPUT,
      format: z.enum(EXPORT_FORMATS).optional().describe('csv (default), json (one array) or ndjson (one object a line)'),
      fileName: z.string().min(1).optional().describe(`a file name in ${exportDir} (default: attendees-EVENT_ID-TIME.FORMAT)`),
      statuses: statusesInput,
    },
    output: EXPORT_OUTPUT,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    run: (input, signal) =>
      toolCall(settings, eventIds(input), async () => {
        const format = (input.format as ExportFormat | undefined) ?? 'csv';
        const fileName = (input.fileName as string | undefined) ?? defaultFileName(String(input.eventId), settings.deps.clock.now(), format);
        if (basename(fileName) !== fileName) throw new UsageError(`fileName ${JSON.stringify(fileName)}: a name only, without a directory`, 'fileName');
        createPrivateDirectory(exportDir);
        const exported = await exportTo(settings, signal, input, join(exportDir, fileName), format);
        return { ...exported, columns: exported.columns.map(column) };
      }),
  };
}

function rowsTool(settings: ServerSettings): BoxofficeTool {
  return {
    name: 'attendee_rows',
    title: 'Read attendee rows',
    summary:
      'Rows of the attendee list of an event (one per ticket), with only the columns asked for, each row its values in the ' +
      'order of columns: personal data enters the conversation. ' +
      `Fixed columns: ${FIXED_COLUMNS.join(', ')}; the attendee form's questions are columns named by their label. ${ATTENDEE_LIST_TOKEN_NOTE}`,
    reads: READS,
    changes: 'nothing (a work file in a private temporary directory, removed when done)',
    writes: false,
    input: {
      ...EVENT_INPUT,
      columns: z
        .array(z.string().min(1))
        .min(1)
        .describe('the columns to return, e.g. ["attendeeName", "ticketName", "checkin"]; a question as export_attendees listed it (fenced or not)'),
      statuses: statusesInput,
      limit: z.number().int().min(1).max(MOST_ROWS).optional().describe(`the most rows to return (default ${DEFAULT_ROW_LIMIT})`),
    },
    output: ROWS_OUTPUT,
    annotations: READ_ONLY,
    run: (input, signal) =>
      toolCall(settings, eventIds(input), async () => {
        const work = await mkdtemp(join(tmpdir(), 'boxoffice-attendee-rows-'));
        try {
          const exported = await exportTo(settings, signal, input, join(work, 'attendees.ndjson'), 'ndjson');
          const columns = (input.columns as string[]).map(unfenced);
          const unknown = columns.filter((column) => !exported.columns.includes(column));
          if (unknown.length > 0) {
            throw new UsageError(
              `columns: no column ${unknown.map((name) => JSON.stringify(name)).join(', ')}; the list has ${exported.columns.join(', ')}`,
              'columns',
            );
          }
          const limit = (input.limit as number | undefined) ?? DEFAULT_ROW_LIMIT;
          const rows: ServiceText[][] = [];
          for await (const row of readExportRows(exported.file, 'ndjson', signal)) {
            if (rows.length === limit) break;
            rows.push(columns.map((name) => text(row[name] ?? '')));
          }
          return { eventId: closed('id', String(input.eventId)), attendees: exported.attendees, returned: rows.length, columns: columns.map(column), rows };
        } finally {
          await rm(work, { recursive: true, force: true });
        }
      }),
  };
}

export function attendeeTools(settings: ServerSettings, exportDir: string, allowRows: boolean): BoxofficeTool[] {
  return [exportTool(settings, exportDir), ...(allowRows ? [rowsTool(settings)] : [])];
}
