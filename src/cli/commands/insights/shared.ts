// What the parts of `boxoffice insights` (flags, one run, the watch loop, the output) share.
import type { ExportFormat } from '../../../export/checkpoint.js';
import type { DestinationKind } from '../../../export/destination.js';

export interface InsightsOptions {
  eventId?: string;
  from?: { path: string; format: ExportFormat };
  output?: string;
  /** How -o FILE is written (see checkDestination). */
  destination?: DestinationKind;
  /** Replace an existing -o FILE without asking. */
  force: boolean;
  svgDir?: string;
  watchMs?: number;
  currency?: string;
  timezone?: string;
  maxWaitMs: number;
  /** The database `attendees sync` fills and `checkin` lets people in from: its arrivals are counted. */
  db?: string;
}
