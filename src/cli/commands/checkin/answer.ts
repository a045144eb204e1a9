// A scan's answer in words: the one line a script reads, and the lines of the door's view.
import type { DoorAttendee } from '../../../checkin/attendees.js';
import type { ScanResult } from '../../../checkin/door.js';

/** 2026-11-28T12:03:04.123Z → "12:03:04" in the door's time zone. */
export function formatClockTime(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export function who(attendee: DoorAttendee): string {
  return `${attendee.name || '(no name)'} · ${attendee.ticketName} · ticket ${attendee.ticketNo || attendee.key}`;
}

function since(attendee: DoorAttendee): string {
  return `since ${formatClockTime(attendee.checkedInAt ?? '')} at door ${attendee.door ?? ''}`;
}

export function answerLines(result: ScanResult): string[] {
  switch (result.outcome) {
    case 'in':
      return [
        ...result.admitted.map((attendee) => `in: ${who(attendee)}`),
        ...result.alreadyIn.map((attendee) => `already in: ${who(attendee)}, ${since(attendee)}`),
        ...result.cancelled.map((attendee) => `cancelled: ${who(attendee)}`),
      ];
    case 'already-in':
      return [
        ...result.alreadyIn.map((attendee) => `already in: ${who(attendee)}, ${since(attendee)}`),
        ...result.cancelled.map((attendee) => `cancelled: ${who(attendee)}`),
      ];
    case 'cancelled':
      return result.cancelled.map((attendee) => `cancelled: ${who(attendee)}; do not let in`);
    case 'not-found':
      return [`not found: no ticket or order ${result.code} in the synced list`];
  }
}
