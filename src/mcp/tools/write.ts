// The write tools (only with --allow-writes): each the write the CLI's verb makes (McpHost.writes), its input the field table's.
import { DISCOUNT_TABLE } from '../../client/fields/discount.js';
import { EVENT_TABLE } from '../../client/fields/event.js';
import { fieldsOf, type ResourceTable, type Verb } from '../../client/fields/table.js';
import { TICKET_TABLE } from '../../client/fields/ticket.js';
import { recordInput, verbInput } from '../input-schema.js';
import { closed, closedSchema, text, textSchema } from '../service-text.js';
import { creationQuota, type BoxofficeTool, type ToolAnnotations } from '../tool.js';
import { toolCall, toolContext, type ServerSettings } from '../tool-call.js';

const CREATES: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false };
const UPDATES: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true };

type VerbTool = Pick<BoxofficeTool, 'name' | 'title' | 'summary' | 'reads' | 'changes'> & { table: ResourceTable; verb: Verb };

function writeTool(settings: ServerSettings, { table, verb, ...tool }: VerbTool): BoxofficeTool {
  const idName = `${table.resource}Id`;
  const write = settings.host.writes[`${verb} ${table.resource}`];
  return {
    ...tool,
    writes: true,
    input: recordInput(table, verb),
    output: {
      [idName]: closedSchema('id', `the ${table.resource} created or changed`),
      message: textSchema("the service's answer").nullable(),
    },
    annotations: verb === 'create' ? CREATES : UPDATES,
    run: (input, signal) => {
      const { ids, values } = verbInput(fieldsOf(table, verb), input);
      return toolCall(settings, ids, async () => {
        const { body } = await write(ids, values, toolContext(settings, signal));
        const id = body[idName] ?? ids[`${table.resource.toUpperCase()}_ID`];
        return { [idName]: closed('id', id as string | number), message: text(typeof body.message === 'string' ? body.message : null) };
      });
    },
  };
}

export function writeTools(settings: ServerSettings): BoxofficeTool[] {
  const verbs: VerbTool[] = [
    {
      name: 'create_event',
      title: 'Create an event',
      summary: 'Creates an event. Returns its id.',
      reads: `no read call; ${creationQuota('event')}`,
      changes: 'adds an event to the account',
      table: EVENT_TABLE,
      verb: 'create',
    },
    {
      name: 'update_event',
      title: 'Update an event',
      summary: 'Changes the fields given of an event; every other field keeps its value (read back first).',
      reads: '1 read call (the event, read back)',
      changes: 'replaces the given fields of the event (its segment and topics are fixed at creation)',
      table: EVENT_TABLE,
      verb: 'update',
    },
    {
      name: 'create_ticket',
      title: 'Add a ticket',
      summary: 'Adds a ticket to an event. Returns its id.',
      reads: `no read call; ${creationQuota('ticket')}`,
      changes: 'adds a ticket to the event; with status active it is on sale at once',
      table: TICKET_TABLE,
      verb: 'create',
    },
    {
      name: 'update_ticket',
      title: 'Update a ticket',
      summary: 'Changes the fields given of a ticket; every other field keeps its value (read back first).',
      reads: "1 read call (the event's tickets, read back)",
      changes: 'replaces the given fields of the ticket: price, quantity, status (pause stops sales) and the rest',
      table: TICKET_TABLE,
      verb: 'update',
    },
    {
      name: 'create_discount',
      title: 'Add a discount',
      summary: 'Adds a discount on a ticket: flat, bulk (by quantity) or a code the buyer types. Returns its id.',
      reads: `no read call; ${creationQuota('discount')}`,
      changes: 'adds a discount that buyers get from its start',
      table: DISCOUNT_TABLE,
      verb: 'create',
    },
    {
      name: 'update_discount',
      title: 'Update a discount',
      summary:
        'Changes the fields given of a discount; the rest stays as this profile last sent it (the service never returns ' +
        'discounts, so one this profile did not create needs every required field).',
      reads: 'no read call',
      changes: 'replaces the given fields of the discount',
      table: DISCOUNT_TABLE,
      verb: 'update',
    },
  ];
  return verbs.map((verb) => writeTool(settings, verb));
}
