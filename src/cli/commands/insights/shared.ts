// The options of `boxoffice insights`, as its flags give them to its run and its output.
import type { ExportFormat } from '../../../export/checkpoint.js';
import type { DestinationKind } from '../../../export/destination.js';

export interface InsightsOptions {
  eventId?: string;
  from?: { path: string; format: ExportFormat };
  output?: string;
  destination?: DestinationKind;
  force: boolean;
  svgDir?: string;
  watchMs?: number;
  currency?: string;
  timezone?: string;
  maxWaitMs: number;
  /** The database `attendees sync` fills and `checkin` lets people in from: its arrivals are counted. */
  db?: string;
}
