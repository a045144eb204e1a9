// The export formats, apart from the checkpoint so that a verb can read them without loading zod.
export const EXPORT_FORMATS = ['csv', 'json', 'ndjson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The format a file's extension names (.csv, .json, .ndjson or .jsonl), if any. */
export function exportFormatOf(path: string | undefined): ExportFormat | undefined {
  const extension = path?.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  if (extension === 'jsonl') return 'ndjson';
  return EXPORT_FORMATS.find((format) => format === extension);
}
