// CSV read back in tests with the project's one CSV parser (Papa Parse): the records keyed by the header.
import Papa from 'papaparse';

export function csvRecords(text: string): Record<string, string>[] {
  const { data, errors } = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  if (errors.length > 0) throw new Error(`not valid CSV: ${errors.map((error) => error.message).join('; ')}`);
  return data;
}
