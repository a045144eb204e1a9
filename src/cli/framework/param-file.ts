// `--from-file`: request parameters from a JSON or YAML document whose keys are the API's names
// (kebab-case spellings of the flags are accepted too). Flags given on the command line win.
import { readFile } from 'node:fs/promises';
// Static: this module is itself loaded only by `--from-file`, and in the bundle a dynamic
// import() of yaml (CommonJS) came back without its named exports.
import { parse as parseYaml } from 'yaml';
import { UsageError } from '../../client/errors.js';
import { flagFor, type ParamSpec, type ParamValues } from './params.js';

export async function readParamFile(path: string, params: readonly ParamSpec[]): Promise<ParamValues> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --from-file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, '--from-file');
  }
  let document: unknown;
  try {
    // YAML is a superset of JSON, so any other extension is read as YAML.
    document = /\.json$/i.test(path) ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new UsageError(`--from-file ${path} is not valid JSON or YAML: ${(error as Error).message.split('\n')[0]}`, '--from-file');
  }
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    throw new UsageError(`--from-file ${path} must hold one object of parameters (eventTitle: …)`, '--from-file');
  }
  const known = new Map(params.filter((spec) => !spec.positional).map((spec) => [spec.name, spec]));
  const values: ParamValues = {};
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(document)) {
    const spec = known.get(key.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()));
    if (!spec) {
      unknown.push(key);
      continue;
    }
    if (value === null || value === undefined) continue;
    if (typeof value === 'object') {
      throw new UsageError(`--from-file ${path}: ${key} must be a single value (${flagFor(spec)})`, flagFor(spec));
    }
    values[spec.name] = value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
  }
  if (unknown.length > 0) {
    throw new UsageError(
      `--from-file ${path}: unknown ${unknown.length === 1 ? 'parameter' : 'parameters'} ${unknown.join(', ')} (known: ${[...known.keys()].join(', ')})`,
      '--from-file',
    );
  }
  return values;
}
