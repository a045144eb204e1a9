// How the Publisher API reads its input: the bearer publisher key (E020), `data` as URL-encoded
// JSON in the query string (P7, P8, P10), form fields for the others, query parameters for GET.
// Lenient as the live service's clients need: `data` also from a form field or as the JSON body,
// query parameters also on POST (form fields win).
import type { Context, MiddlewareHandler } from 'hono';
import * as z from 'zod';
import { bearerToken } from '../auth.js';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { accountForPublisherKey } from '../db/accounts.js';
import { SandboxError, fieldError, type SandboxErrorCode } from '../errors.js';
import { checkedText, readForm, type FormFields } from '../request.js';

/** The key as the service's own Android SDK sends it: `accessToken` in the body (JSON or form fields). */
async function bodyAccessToken(c: Context): Promise<string | undefined> {
  const contentType = (c.req.header('content-type') ?? '').toLowerCase();
  if (contentType.startsWith('application/json')) {
    let document: unknown;
    try {
      document = JSON.parse(await c.req.text()) as unknown;
    } catch {
      return undefined;
    }
    const token = document !== null && typeof document === 'object' ? (document as Record<string, unknown>).accessToken : undefined;
    return typeof token === 'string' && token !== '' ? token : undefined;
  }
  if (c.req.method === 'GET') return undefined;
  const fields = await readForm(c).catch(() => ({}) as FormFields);
  return fields.accessToken || undefined;
}

/** Sets `account` from the publisher key (the bearer; with --quirks also `accessToken` in the body); E020 otherwise. */
export function requirePublisherKey(context: SandboxContext): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const key = bearerToken(c.req.header('authorization')) ?? (context.quirks && !c.req.header('authorization') ? await bodyAccessToken(c) : undefined);
    if (!key) {
      const inBody = context.quirks ? ' or accessToken in the body' : '';
      throw new SandboxError('E020', { description: `a publisher key is needed: Authorization: Bearer <key>${inBody}` });
    }
    const account = accountForPublisherKey(context.db, key);
    if (!account) throw new SandboxError('E020', { description: 'the publisher key is unknown' });
    c.set('account', account);
    await next();
  };
}

/** Query parameters (first value of each), checked like form fields. */
function readQuery(c: Context): FormFields {
  return Object.fromEntries(Object.entries(c.req.query()).map(([key, value]) => [key, checkedText(key, value)]));
}

/** Query parameters overlaid by the body's form fields. */
export async function readQueryAndForm(c: Context): Promise<FormFields> {
  return { ...readQuery(c), ...(c.req.method === 'GET' ? {} : await readForm(c)) };
}

/** A JSON request body: the `data` document itself, as newer clients post it; undefined for other bodies. */
async function jsonBodyDocument(c: Context): Promise<unknown> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json')) return undefined;
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  const document = parsedData(text);
  // {"data": "<JSON text>"} is the reference's field sent as JSON: read as the field.
  const isObject = document !== null && typeof document === 'object' && !Array.isArray(document);
  return isObject && typeof (document as Record<string, unknown>).data === 'string' ? parsedData((document as { data: string }).data) : document;
}

function parsedData(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw fieldError('data', 'not a JSON document');
  }
}

/** The `data` JSON document (query string, else the JSON body, else a form field), parsed but not validated. */
export async function readDataDocument(c: Context): Promise<unknown> {
  const query = readQuery(c).data;
  if (query === undefined || query.trim() === '') {
    const body = await jsonBodyDocument(c);
    if (body !== undefined) return body;
  }
  const text = (await readQueryAndForm(c)).data;
  if (text === undefined || text.trim() === '') {
    throw new SandboxError('E002', { description: 'mandatory fields missing: data', field: 'data' });
  }
  return parsedData(text);
}

/**
 * Validates a `data` document; the first issue becomes a coded error naming its path, with the
 * code of the first of `codesByPath` whose prefix starts the path (else E002).
 */
export function validateData<S extends z.core.$ZodType>(
  schema: S,
  document: unknown,
  codesByPath: { prefix: string; code: SandboxErrorCode }[] = [],
): z.output<S> {
  const result = z.safeParse(schema, document);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue.path.map(String).join('.');
  const field = path === '' ? 'data' : `data.${path}`;
  const code = codesByPath.find((entry) => path.startsWith(entry.prefix))?.code ?? 'E002';
  const missing = issue.code === 'invalid_type' && issue.message.includes('undefined');
  throw new SandboxError(code, {
    description: missing ? `mandatory fields missing: ${field}` : `${field}: ${issue.message}`,
    field,
  });
}
