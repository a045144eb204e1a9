// `bookings request --callback-url URL`: the CLI posts the booking form itself, the way a browser
// would (urlencoded, redirects not followed), and the service delivers the result to URL.
import { ConnectionError, createApiError } from '../client/errors.js';
import { errorBody } from '../client/schemas/index.js';
import type { FormPost } from './pages.js';

export interface SubmittedBooking {
  /** Where the service sent the browser next (its payment page), when it said so. */
  paymentPageUrl?: string;
}

export async function submitBookingForm(form: FormPost, signal?: AbortSignal): Promise<SubmittedBooking> {
  const { fetch, EnvHttpProxyAgent } = await import('undici');
  const dispatcher = new EnvHttpProxyAgent();
  try {
    let response: Awaited<ReturnType<typeof fetch>>;
    try {
      response = await fetch(form.action, {
        method: 'POST',
        body: new URLSearchParams(form.fields),
        redirect: 'manual',
        dispatcher,
        signal,
      });
    } catch (error) {
      signal?.throwIfAborted();
      throw new ConnectionError(`could not reach ${new URL(form.action).origin}`, error, true);
    }
    const text = await response.text();
    const refusal = readErrorBody(text);
    if (refusal || response.status >= 400) {
      throw createApiError({
        code: refusal?.message ?? `HTTP${response.status}`,
        httpStatus: response.status,
        description: refusal?.description ?? `booking request refused (HTTP ${response.status})`,
        field: refusal?.field,
        raw: refusal,
      });
    }
    const location = response.headers.get('location');
    return location ? { paymentPageUrl: new URL(location, form.action).toString() } : {};
  } finally {
    await dispatcher.close();
  }
}

function readErrorBody(text: string): { message: string; description?: string; field?: string } | undefined {
  try {
    const parsed = errorBody.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
