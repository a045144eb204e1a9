// `bookings request --callback-url URL`: the CLI posts the booking form itself, as a browser
// would (urlencoded), and the service delivers the result to URL. It goes through the client's
// transport, so proxies, timeouts, --debug tracing with the booking key redacted, the https rule
// for credentials and the error codes all work as for every other call.
import { ResponseShapeError } from '../client/errors.js';
import { HttpTransport, type TransportConfig } from '../client/http.js';
import type { FormPost } from './pages.js';

export type SubmitOptions = Pick<TransportConfig, 'env' | 'trace' | 'signal'>;

export async function submitBookingForm(form: FormPost, bookingKey: string, options: SubmitOptions): Promise<void> {
  const transport = new HttpTransport({ ...options, secrets: [bookingKey] });
  try {
    await transport.send({
      operation: 'booking request',
      method: 'POST',
      url: form.action,
      body: new URLSearchParams(form.fields),
      secrets: [bookingKey],
      // A repeat could record a second booking of the order.
      idempotent: false,
      checkHint: 'boxoffice bookings list --from-date TODAY --to-date TODAY',
    });
  } catch (error) {
    // The service answers an accepted booking with its payment page (HTML, not JSON); error
    // answers are raised by the transport before it looks at the shape.
    if (error instanceof ResponseShapeError) return;
    throw error;
  } finally {
    await transport.close();
  }
}
