// The write tools' input schemas come from the field tables (src/client/fields/), as the CLI's
// flags do: a field added to a table is a tool argument too, with its help, kind and choices.
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { DISCOUNT_TABLE } from '../../src/client/fields/discount.js';
import { EVENT_TABLE } from '../../src/client/fields/event.js';
import { fieldsOf, type ResourceTable } from '../../src/client/fields/table.js';
import { TICKET_TABLE } from '../../src/client/fields/ticket.js';
import { recordInput, verbInput } from '../../src/mcp/input-schema.js';

interface JsonSchema {
  properties: Record<string, { type?: string | string[]; enum?: string[]; description?: string }>;
  required?: string[];
}

const jsonSchema = (table: ResourceTable, verb: 'create' | 'update') => z.toJSONSchema(z.object(recordInput(table, verb))) as unknown as JsonSchema;

describe('the write tools input, from the field tables', () => {
  it.each([EVENT_TABLE, TICKET_TABLE, DISCOUNT_TABLE] as ResourceTable[])(
    '$resource: one argument per field each verb sends, in the order of the table',
    (table) => {
      for (const verb of ['create', 'update'] as const) {
        const fields = fieldsOf(table, verb);
        const schema = jsonSchema(table, verb);
        expect(Object.keys(schema.properties)).toEqual(fields.map((field) => field.name));
        for (const field of fields) expect(schema.properties[field.name].description).toContain(field.help);
        const ids = fields.filter((field) => field.positional).map((field) => field.name);
        expect(schema.required).toEqual(verb === 'create' ? fields.filter((field) => field.required).map((field) => field.name) : ids);
      }
    },
  );

  it('a field added to a table is an argument of the create and the update tools', () => {
    const table: ResourceTable = {
      ...EVENT_TABLE,
      fields: [...EVENT_TABLE.fields, { name: 'doorsOpen', kind: 'time', help: 'when the doors open', required: true, read: 'never' }],
    };
    const create = jsonSchema(table, 'create');
    expect(create.properties.doorsOpen).toMatchObject({ type: 'string', description: 'when the doors open (HH:MM, 24-hour)' });
    expect(create.required).toContain('doorsOpen');
    expect(jsonSchema(table, 'update').properties.doorsOpen).toBeDefined();
    expect(jsonSchema(table, 'update').required).toEqual(['eventId']);
    expect(verbInput(fieldsOf(table, 'update'), { eventId: 12, doorsOpen: '18:30' })).toEqual({ ids: { EVENT_ID: '12' }, values: { doorsOpen: '18:30' } });
  });

  it('gives each field its kind as JSON: numbers, booleans, the choices, a blank price as null', () => {
    const ticket = jsonSchema(TICKET_TABLE, 'create').properties;
    expect(ticket.quantity.type).toBe('integer');
    expect(ticket.allowCancellation.type).toBe('boolean');
    expect(ticket.currency.enum).toEqual(['INR', 'USD']);
    expect(ticket.serviceFee.enum).toEqual(['1', '2', '3']);
    expect(ticket.price.type).toEqual(['number', 'null']);
    expect(ticket.price.description).toContain('(null: left blank)');
    expect(verbInput(fieldsOf(TICKET_TABLE, 'create'), { eventId: 'EKDJHH', price: null, quantity: 5 }).values).toEqual({ price: '', quantity: '5' });
  });
});
