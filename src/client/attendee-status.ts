// The statuses of an attendee in the attendee list (E11) that mean the ticket was cancelled.
const CANCELLED_STATUSES: ReadonlySet<string> = new Set(['cancelled', 'lcancelled']);

export function isCancelledStatus(status: string | undefined): boolean {
  return CANCELLED_STATUSES.has((status ?? '').trim().toLowerCase());
}
