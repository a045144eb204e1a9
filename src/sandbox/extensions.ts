// The parts of the sandbox registered from outside app.ts, in order. sandbox-buyer adds its
// extensions (modes, publisher, booking, seeding) to this list; see the comment in app.ts.
import type { SandboxExtension } from './context.js';

export function defaultExtensions(): SandboxExtension[] {
  return [];
}
