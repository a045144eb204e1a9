// One documented endpoint as data (path, encoding, request and response schema, whether it is
// safe to repeat), and the one function that calls any of them: validate, encode, send, read.
import type * as z from 'zod';
import { type Encoding, encodeRequest } from './encode.js';
import { UsageError } from './errors.js';
import type { CallOptions, HttpTransport } from './http.js';
import { parseRequest, parseResponse } from './validate.js';

export interface Operation<Req extends z.core.$ZodType, Res extends z.core.$ZodType> {
  /** The reference's number: E1…E13, P1…P12. */
  id: string;
  /** For messages, which never name the reference's number: "create event". */
  name: string;
  path: string;
  /** Default multipart, as every Event & Registration API call. */
  encoding?: Encoding;
  request: Req;
  response: Res;
  /** False for creates: repeating one after an unknown outcome could make a second record. */
  idempotent?: false;
  // Method syntax on purpose: it keeps Operation<Specific> assignable to Operation<z.core.$ZodType>.
  checkHint?(request: z.output<Req>): string;
  /** Request fields holding secrets beyond the bearer token (hidden from traces and errors). */
  secretFields?: readonly string[];
}

export function operationsAt(prefix: string) {
  return <Req extends z.core.$ZodType, Res extends z.core.$ZodType>(operation: Operation<Req, Res>): Operation<Req, Res> => ({
    ...operation,
    path: `${prefix}${operation.path}`,
  });
}

interface Credential {
  value: string | undefined;
  missing: () => Error;
  /** False when the endpoint authenticates by a request field instead (E13's bookingKey). */
  required?: boolean;
}

export interface ApiContext {
  transport: HttpTransport;
  baseUrl: string;
  /** Which setting the base URL came from, for messages: "apiUrl". */
  baseUrlName: string;
}

/** Base URL + path, tolerating a trailing slash on the base and a path prefix in it. */
export function joinUrl(baseUrl: string, baseUrlName: string, pathAndQuery: string): string {
  const base = URL.parse(baseUrl);
  if (!base) throw new UsageError(`${baseUrlName}: expected an absolute http(s) URL, got "${baseUrl}"`, baseUrlName);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new UsageError(`${baseUrlName}: expected an http:// or https:// URL, got "${baseUrl}"`, baseUrlName);
  }
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}${pathAndQuery}`;
}

async function callOperation<Req extends z.core.$ZodType, Res extends z.core.$ZodType>(
  context: ApiContext,
  credential: Credential,
  operation: Operation<Req, Res>,
  input: unknown,
  options: CallOptions = {},
): Promise<z.output<Res>> {
  const request = parseRequest(operation.request, input);
  const url = joinUrl(context.baseUrl, context.baseUrlName, '');
  if (credential.value === undefined && credential.required !== false) throw credential.missing();
  const encoded = encodeRequest(operation.encoding ?? 'multipart', operation.path, request as object);
  const fields = request as Record<string, unknown>;
  const secrets = (operation.secretFields ?? []).map((name) => (typeof fields[name] === 'string' ? (fields[name] as string) : undefined));
  const body = await context.transport.send(
    {
      operation: operation.name,
      method: encoded.method,
      url: `${url}${encoded.pathAndQuery}`,
      body: encoded.body,
      bearer: credential.value,
      secrets,
      idempotent: operation.idempotent ?? true,
      recheck: operation.checkHint ? { operationId: operation.id, request: fields, hint: operation.checkHint(request) } : undefined,
    },
    options,
  );
  if (options.onAnswer) {
    options.onAnswer();
    // The global, not node:timers/promises: that module would load with every command's client.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return parseResponse(operation.response, body, operation.name);
}

type Operations = Readonly<Record<string, Operation<z.core.$ZodType, z.core.$ZodType>>>;

/** The call of `operation`: its request (optional when every field is), its parsed response. */
type MethodOf<O> =
  O extends Operation<infer Req, infer Res>
    ? Record<never, never> extends z.input<Req>
      ? (request?: z.input<Req>, options?: CallOptions) => Promise<z.output<Res>>
      : (request: z.input<Req>, options?: CallOptions) => Promise<z.output<Res>>
    : never;

export type ApiOf<Ops extends Operations> = { [K in keyof Ops]: MethodOf<Ops[K]> };

export type ResponseOf<Ops extends Operations, K extends keyof Ops> = Awaited<ReturnType<MethodOf<Ops[K]>>>;

/** An API whose every operation is called with the credential `credentialFor` gives. */
export function createApi<Ops extends Operations>(operations: Ops, context: ApiContext, credentialFor: (key: keyof Ops) => Credential): ApiOf<Ops> {
  const call = (key: string) => (request: unknown, options?: CallOptions) =>
    callOperation(context, credentialFor(key), operations[key], request ?? {}, options);
  return Object.fromEntries(Object.keys(operations).map((key) => [key, call(key)])) as ApiOf<Ops>;
}
