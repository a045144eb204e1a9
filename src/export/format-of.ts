// The export format a file name implies, without loading the export machinery (commands call it
// while parsing flags).
import type { ExportFormat } from './checkpoint.js';

/** The format a file's extension names (.csv, .json, .ndjson or .jsonl), if any. */
export function exportFormatOf(path: string | undefined): ExportFormat | undefined {
  const extension = path?.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  if (extension === 'csv') return 'csv';
  if (extension === 'json') return 'json';
  if (extension === 'ndjson' || extension === 'jsonl') return 'ndjson';
  return undefined;
}
