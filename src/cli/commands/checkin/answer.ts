// A scan's answer in words: the one line a script reads, and the lines of the door's view.
import type { DoorAttendee } from '../../../checkin/attendees.js';
import type { ScanResult } from '../../../checkin/door.js';

/** 2026-11-28T12:03:04.123Z → "12:03:04" in the door's time zone. */
export function formatClockTime(iso: string): string {
  return new Date(iso).toTimeString().slice(0, 8);
}

export function who(attendee: DoorAttendee): string {
  return `${attendee.name || '(no name)'} · ${attendee.ticketName} · ticket ${attendee.ticketNo || attendee.key}`;
}

export function answerLines(result: ScanResult): string[] {
  if (result.outcome === 'not-found') return [`not found: no ticket or order ${result.code} in the synced list`];
  if (result.outcome === 'cancelled') return result.cancelled.map((attendee) => `cancelled: ${who(attendee)}; do not let in`);
  // In or already in: the first line says it all; the others list the rest of an order.
  return [
    ...result.admitted.map((attendee) => `in: ${who(attendee)}`),
    ...result.alreadyIn.map((attendee) => `already in: ${who(attendee)}, since ${formatClockTime(attendee.checkedInAt ?? '')} at door ${attendee.door ?? ''}`),
    ...result.cancelled.map((attendee) => `cancelled: ${who(attendee)}`),
  ];
}
