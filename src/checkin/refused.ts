import { BoxofficeError, nameErrorClasses, UsageError } from '../client/errors.js';
import type { ScanOutcome } from './door.js';

/** A scan that let nobody in: already in, not found or cancelled (each its own exit code). */
export class CheckinRefusedError extends BoxofficeError {
  constructor(
    message: string,
    readonly outcome: Exclude<ScanOutcome, 'in'>,
  ) {
    super(message);
  }
}

/** --db holds no synced list of the event: the CLI names the sync that fills `destination`. */
export class NotSyncedError extends UsageError {
  constructor(
    message: string,
    readonly eventId: string,
    readonly destination: string,
  ) {
    super(message, '--db');
  }
}

nameErrorClasses({ CheckinRefusedError, NotSyncedError });
