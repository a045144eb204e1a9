import { describe, expect, it } from 'vitest';
import { attendeeListQuirks, detailsQuirk, numbersAsText } from '../../src/sandbox/modes/quirks.js';

describe('response shapes', () => {
  it('turns every number into numeric text', () => {
    expect(numbersAsText({ a: 1, b: [2.5, 'x', true, null], c: { d: 0 } })).toEqual({ a: '1', b: ['2.5', 'x', true, null], c: { d: '0' } });
  });

  it('sends details as [] when empty and as an object keyed by label otherwise', () => {
    expect(detailsQuirk([])).toEqual([]);
    expect(detailsQuirk(undefined)).toEqual([]);
    expect(detailsQuirk({})).toEqual([]);
    expect(detailsQuirk([{ label: 'Company', value: 'Acme' }])).toEqual({ Company: 'Acme' });
    expect(detailsQuirk({ Company: 'Acme' })).toEqual({ Company: 'Acme' });
  });

  it('keys attendee records by batch position', () => {
    const body = {
      status: 'success',
      attendee: [
        { orderNo: 'A', attendee: [{ name: 'x', details: [] }] },
        { orderNo: 'B', attendee: [{ name: 'y', details: [{ label: 'Size', value: 'M' }] }] },
      ],
    };
    expect(attendeeListQuirks(body)).toEqual({
      status: 'success',
      attendee: {
        0: { orderNo: 'A', attendee: [{ name: 'x', details: [] }] },
        1: { orderNo: 'B', attendee: [{ name: 'y', details: { Size: 'M' } }] },
      },
    });
  });
});
