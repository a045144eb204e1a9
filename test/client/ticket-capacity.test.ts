// A ticket's capacity is the ticket table's read-back of its quantity: one rule (initialQuantity,
// else quantity) for `ticket list`, insights and the update verbs' read-back.
import { describe, expect, it } from 'vitest';
import { readBack } from '../../src/client/fields/read-back.js';
import { TICKET_TABLE } from '../../src/client/fields/ticket.js';
import { ticketCapacity } from '../../src/client/schemas/index.js';

describe('ticketCapacity', () => {
  const answers: [object, number][] = [
    [{ initialQuantity: 120, quantity: 80 }, 120],
    [{ initialQuantity: '150', quantity: '3' }, 150],
    [{ initialQuantity: null, quantity: 75 }, 75],
    [{ quantity: '40' }, 40],
    // Text that is no number is not a count: the next source is read, as for every read-back field.
    [{ initialQuantity: 'unlimited', quantity: 9 }, 9],
    [{}, 0],
  ];

  it.each(answers)('reads %j as %d on sale in all', (ticket, capacity) => {
    expect(ticketCapacity(ticket)).toBe(capacity);
  });

  it("is the table's read-back of quantity wherever the service sent one", () => {
    for (const [ticket] of answers.filter(([, capacity]) => capacity > 0)) {
      expect(ticketCapacity(ticket)).toBe(readBack(TICKET_TABLE, ticket).quantity);
    }
  });
});
