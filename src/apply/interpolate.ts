// `${VAR}` and `${VAR:-default}` in the string values of a setup file, taken from the environment.
// `$${` writes a literal `${`. As in the shell, `:-` also applies when the variable is empty.

export interface InterpolationProblem {
  /** Path of the value in the file, e.g. ['tickets', 2, 'price']. */
  path: (string | number)[];
  message: string;
}

const REFERENCE = /\$\$\{|\$\{([^}]*)\}|\$\{/g;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Replaces the references in one string; problems are reported against `path`. */
function interpolateString(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
  path: (string | number)[],
  problems: InterpolationProblem[],
): string {
  return text.replace(REFERENCE, (match: string, body: string | undefined) => {
    if (match === '$${') return '${';
    if (body === undefined) {
      problems.push({ path, message: 'unterminated ${ (write $${ for a literal ${)' });
      return match;
    }
    const separator = body.indexOf(':-');
    const name = separator >= 0 ? body.slice(0, separator) : body;
    if (!NAME.test(name)) {
      problems.push({ path, message: `invalid variable reference \${${body}} (expected \${NAME} or \${NAME:-default})` });
      return match;
    }
    const value = env[name];
    if (separator >= 0) return value === undefined || value === '' ? body.slice(separator + 2) : value;
    if (value === undefined) {
      problems.push({ path, message: `environment variable ${name} is not set (write \${${name}:-default} to give a default)` });
      return match;
    }
    return value;
  });
}

/**
 * Interpolates every string in a parsed document (objects, arrays, scalars); keys are left alone.
 * Numbers and booleans become text, as the API receives every field as form text: the request
 * schemas turn numeric text back into numbers, and `postal: 411001` stays a valid postal code.
 */
export function interpolateTree(
  value: unknown,
  env: Readonly<Record<string, string | undefined>>,
  problems: InterpolationProblem[],
  path: (string | number)[] = [],
): unknown {
  if (typeof value === 'string') return interpolateString(value, env, path, problems);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((item, index) => interpolateTree(item, env, problems, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateTree(item, env, problems, [...path, key])]));
  }
  return value;
}
