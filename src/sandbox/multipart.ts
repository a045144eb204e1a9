// Multipart bodies as public clients of the live service build them, made readable by the
// standard parser: `Content-Disposition: form-data;name="x"` (no space after the semicolon, valid
// in RFC 2183's grammar but refused by undici's parser), and, when `emptyBoundary` is allowed
// (--quirks), a header naming an empty boundary (`multipart/form-data; boundary=`) with the real
// boundary in the body, or with an empty one there too (bare `--` delimiter lines, `----` last).

const MULTIPART = /^multipart\/form-data\b/i;
const BOUNDARY_PARAMETER = /;\s*boundary=\s*("?)([^";]*)\1\s*(;|$)/i;
const TIGHT_DISPOSITION = /^(content-disposition:[ \t]*form-data);(?=[^ \t\r\n])/gim;
/** Stands in for an empty boundary: long and unlikely in any value. */
const STAND_IN_BOUNDARY = 'boxofficeSandboxEmptyBoundary7f3a9c';

/**
 * The request with its multipart body made readable (see above); undefined, the body left
 * unread, when it is not multipart or names an empty boundary that is not allowed (refused then).
 */
export async function readableMultipart(request: Request, emptyBoundary: boolean): Promise<Request | undefined> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!MULTIPART.test(contentType)) return undefined;
  const headerBoundary = BOUNDARY_PARAMETER.exec(contentType)?.[2] ?? '';
  if (headerBoundary === '' && !emptyBoundary) return undefined;
  const text = Buffer.from(await request.arrayBuffer()).toString('latin1');
  let body = text.replace(TIGHT_DISPOSITION, '$1; ');
  let boundary = headerBoundary;
  if (boundary === '') {
    boundary = /^--([^\r\n]{1,70})\r?\n/.exec(body)?.[1] ?? '';
    if (boundary === '') {
      boundary = STAND_IN_BOUNDARY;
      body = body.replace(/(^|\r\n)--(?=\r\n)/g, `$1--${boundary}`).replace(/(^|\r\n)----(?=\r\n|$)/g, `$1--${boundary}--`);
    }
  }
  if (body === text && boundary === headerBoundary) {
    return new Request(request.url, { method: request.method, headers: request.headers, body: Buffer.from(text, 'latin1') });
  }
  const headers = new Headers(request.headers);
  headers.set('content-type', `multipart/form-data; boundary=${boundary}`);
  headers.delete('content-length');
  return new Request(request.url, { method: request.method, headers, body: Buffer.from(body, 'latin1') });
}
