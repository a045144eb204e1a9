// The parts of the sandbox registered from outside app.ts, in order; see the comment in app.ts.
import { attendeeToolsExtension } from './attendee-tools.js';
import type { SandboxExtension } from './context.js';
import { modesExtension } from './modes/index.js';
import { bookingExtension } from './routes/booking.js';
import { publisherExtension } from './routes/publisher.js';
import { seedExtension } from './seed.js';

export function defaultExtensions(): SandboxExtension[] {
  return [modesExtension(), publisherExtension(), bookingExtension(), seedExtension(), attendeeToolsExtension()];
}
