// Whether an answer came from the service or from something else at its address (a login page, a
// proxy's error, JSON without the service's fields), so that a wrong address reads as one.
import { ApiError, ResponseShapeError } from './errors.js';

/** The code the client gives an error body that carries none of the service's. */
const STATUS_ONLY_CODE = /^HTTP \d{3}$/;
const HTML_START = /^\s*(<!doctype html|<html|<head|<body|<\?xml|<!--)/i;
const TITLE = /<title[^>]*>([^<]*)<\/title>/i;

/** "an HTML page titled "Sign in"", "plain text "Bad gateway"", "an empty body". */
function bodyKind(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return 'an empty body';
  if (HTML_START.test(trimmed) || /<html[\s>]/i.test(trimmed)) {
    const title = TITLE.exec(trimmed)?.[1].replace(/\s+/g, ' ').trim();
    return title ? `an HTML page titled ${JSON.stringify(title.slice(0, 60))}` : 'an HTML page';
  }
  return `plain text ${JSON.stringify(trimmed.replace(/\s+/g, ' ').slice(0, 60))}`;
}

export interface ForeignAnswer {
  /** "an HTML page titled "Sign in" (HTTP 200), not the service's JSON" */
  what: string;
  /** A proxy's or gateway's error on the way (HTTP 5xx, 407), rather than another site. */
  gateway: boolean;
}

/** What answered, when it was not the service; undefined for the service's own answers and other failures. */
export function foreignAnswer(error: unknown): ForeignAnswer | undefined {
  if (error instanceof ResponseShapeError) {
    const status = error.httpStatus === undefined ? '' : ` (HTTP ${error.httpStatus})`;
    if (typeof error.raw === 'string') return { what: `${bodyKind(error.raw)}${status}, not the service's JSON`, gateway: false };
    return { what: `JSON without the service's fields (${error.message.replace(/^.*?unexpected response: /, '')})`, gateway: false };
  }
  if (error instanceof ApiError && STATUS_ONLY_CODE.test(error.code)) {
    const body = typeof error.raw === 'string' || error.raw === undefined ? bodyKind(error.raw ?? '') : 'JSON that carries none of its codes';
    const gateway = error.httpStatus === 407 || error.httpStatus >= 500;
    return { what: `HTTP ${error.httpStatus} with ${body}${gateway ? ': a proxy or gateway error' : ''}, not the service`, gateway };
  }
  return undefined;
}

/** The one line for an address where something other than the service answered, with what to do. */
export function notTheServiceLine(url: string, answer: ForeignAnswer, profileName: string): string {
  const next = answer.gateway
    ? 'the service or a proxy on the way is failing: try again later, and check HTTPS_PROXY or HTTP_PROXY if one is set'
    : `check the address: boxoffice --profile ${profileName} config get apiUrl (or BOXOFFICE_API_URL), then config set apiUrl https://…`;
  return `not the service at ${url}: ${answer.what}; ${next}`;
}
