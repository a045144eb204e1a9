import { BoxofficeError, nameErrorClasses } from '../client/errors.js';
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

nameErrorClasses({ CheckinRefusedError });
