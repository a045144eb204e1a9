import { describe, expect, it } from 'vitest';
import { attendeeListQuirks, attendeeRecordWindow, detailsQuirk, numbersAsText } from '../../src/sandbox/modes/quirks.js';

describe('attendee-list counting', () => {
  it('is 1-based inclusive without quirks, 0 read as 1, at most 50', () => {
    expect(attendeeRecordWindow(0, 50, false)).toEqual({ offset: 0, count: 50 });
    expect(attendeeRecordWindow(51, 100, false)).toEqual({ offset: 50, count: 50 });
    expect(attendeeRecordWindow(1, 500, false)).toEqual({ offset: 0, count: 50 });
    expect(attendeeRecordWindow(10, 5, false)).toEqual({ offset: 9, count: 0 });
  });

  it('is the live 0-based offset with toRecord − fromRecord records under quirks', () => {
    expect(attendeeRecordWindow(0, 50, true)).toEqual({ offset: 0, count: 50 });
    // 51–100 starts at the 52nd record: the 51st is skipped
    expect(attendeeRecordWindow(51, 100, true)).toEqual({ offset: 51, count: 49 });
    expect(attendeeRecordWindow(50, 100, true)).toEqual({ offset: 50, count: 50 });
  });
});

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
