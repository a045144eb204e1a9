// What the parts of `boxoffice insights` (flags, one run, the watch loop, the output) share.
import type { ExportFormat } from '../../../export/checkpoint.js';

export interface InsightsOptions {
  eventId?: string;
  from?: { path: string; format: ExportFormat };
  output?: string;
  svgDir?: string;
  watchMs?: number;
  currency?: string;
  timezone?: string;
  maxWaitMs: number;
}
