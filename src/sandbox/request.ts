// Reading request bodies (multipart, urlencoded, JSON) and validating them with the client's
// request schemas, zod's issues mapped to the reference's error codes.
import type { Context } from 'hono';
import * as z from 'zod';
import { SandboxError, fieldError, type SandboxErrorCode } from './errors.js';
import { readableMultipart } from './multipart.js';

const MAX_FIELD_LENGTH = 10_000;

export type FormFields = Record<string, string>;

const URLENCODED = 'application/x-www-form-urlencoded';

// As hono's parseBody (a repeated name: its last value; a name ending in `[]`: a list), without the
// Request and FormData it builds (a tenth of a small read's CPU).
function urlencodedFields(body: ArrayBuffer): Record<string, unknown> {
  const fields: Record<string, unknown> = Object.create(null);
  for (const [name, value] of new URLSearchParams(Buffer.from(body).toString())) {
    fields[name] = name.endsWith('[]') ? [...((fields[name] as string[] | undefined) ?? []), value] : value;
  }
  return fields;
}

/** The body's fields as text. Unreadable bodies and file uploads are refused with E002. */
export async function readForm(c: Context): Promise<FormFields> {
  const contentType = (c.req.header('content-type') ?? '').toLowerCase();
  let raw: Record<string, unknown>;
  try {
    if (contentType.split(';')[0].trim() === URLENCODED) {
      raw = urlencodedFields(await c.req.arrayBuffer());
    } else if (contentType.startsWith('multipart/form-data') || contentType.startsWith(URLENCODED)) {
      const readable = await readableMultipart(c.req.raw, false);
      if (readable) c.req.raw = readable;
      raw = await c.req.parseBody();
    } else if (contentType.startsWith('application/json')) {
      const text = await c.req.text();
      const parsed: unknown = text.trim() === '' ? {} : JSON.parse(text);
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw new SandboxError('E002', { description: 'a JSON body must be an object of fields' });
      }
      raw = parsed as Record<string, unknown>;
    } else {
      raw = {};
    }
  } catch (error) {
    if (error instanceof SandboxError) throw error;
    throw new SandboxError('E002', { description: 'the request body could not be read as form fields' });
  }
  const fields: FormFields = {};
  for (const [key, value] of Object.entries(raw)) {
    const text = (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean' ? String(value) : value;
    if (typeof text !== 'string') throw fieldError(key, 'expected a text value');
    fields[key] = checkedText(key, text);
  }
  return fields;
}

/** E002 naming the field when it is too long or holds a NUL character. */
export function checkedText(key: string, text: string): string {
  if (text.length > MAX_FIELD_LENGTH) throw fieldError(key, `longer than ${MAX_FIELD_LENGTH} characters`);
  if (text.includes('\u0000')) throw fieldError(key, 'contains a NUL character');
  return text;
}

/**
 * Per endpoint, the code of a field that is the only one missing, of a field whose value has the
 * wrong format, and of a rule across fields (a refinement) reported on a field.
 */
export type FieldCodes = Partial<Record<'missing' | 'invalid' | 'rule', Partial<Record<string, SandboxErrorCode>>>>;

type ObjectSchema = z.core.$ZodObject;

const unwrappedSchemas = new WeakMap<z.core.$ZodType, ObjectSchema>();

/**
 * The object schema of a request schema. The client's are built on first use (a lazy schema of
 * zod/mini), and unwrapping one builds the object schema anew, so it is kept once unwrapped.
 */
function objectSchemaOf(requestSchema: z.core.$ZodType): ObjectSchema {
  if (requestSchema._zod.def.type !== 'lazy') return requestSchema as ObjectSchema;
  const schema = unwrappedSchemas.get(requestSchema) ?? ((requestSchema as z.core.$ZodLazy)._zod.innerType as ObjectSchema);
  unwrappedSchemas.set(requestSchema, schema);
  return schema;
}

/**
 * Validates `fields` with a shared request schema. Blank values of optional fields count as
 * absent. Missing mandatory fields → E002 naming all of them (or the field's own code when it is
 * the only one); a wrong format → the field's code, else E002 naming the field.
 */
export function validate<S extends z.core.$ZodType>(requestSchema: S, fields: FormFields, codes: FieldCodes = {}): z.output<S> {
  const schema = objectSchemaOf(requestSchema);
  const input: Record<string, string> = {};
  const missing: string[] = [];
  for (const [key, fieldSchema] of Object.entries(schema._zod.def.shape)) {
    const value = fields[key];
    if (value !== undefined && (value.trim() !== '' || z.safeParse(fieldSchema, value).success)) input[key] = value;
    else if (!z.safeParse(fieldSchema, undefined).success) missing.push(key);
  }
  if (missing.length > 0) {
    const only = missing.length === 1 ? codes.missing?.[missing[0]] : undefined;
    throw new SandboxError(only ?? 'E002', {
      description: only ? undefined : `mandatory fields missing: ${missing.join(', ')}`,
      field: missing.join(','),
    });
  }
  const result = z.safeParse(requestSchema, input);
  if (result.success) return result.data as z.output<S>;
  const issue = result.error.issues[0];
  const field = String(issue.path[0] ?? '');
  // A refinement across fields reports on one field whose own value is fine.
  const ownSchema: z.core.$ZodType | undefined = schema._zod.def.shape[field];
  const isRule = ownSchema && z.safeParse(ownSchema, input[field]).success;
  const code = (isRule ? codes.rule?.[field] : codes.invalid?.[field]) ?? 'E002';
  throw fieldError(field, issue.message, code);
}
