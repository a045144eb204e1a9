// Holds one request in the sandbox until the test lets it through: the signal that arranges
// overlap between processes. `arm()` holds the next request to `path`; `received` resolves once
// it is inside the sandbox (its sender is then blocked waiting for the answer), and `release()`
// serves it. Every other request passes straight through.
import type { SandboxExtension } from '../../src/sandbox/context.js';

export class RequestGate {
  private armed = false;
  /** How many requests to the path the sandbox has received. */
  seen = 0;
  private onReceived: () => void = () => {};
  private open: () => void = () => {};
  private opened: Promise<void> = Promise.resolve();
  received: Promise<void> = new Promise(() => {});

  readonly extension: SandboxExtension;

  constructor(readonly path: string) {
    this.extension = {
      name: `request-gate ${path}`,
      middleware: (app) => {
        app.use(path, async (_c, next) => {
          this.seen += 1;
          if (this.armed) {
            this.armed = false;
            const opened = this.opened;
            this.onReceived();
            await opened;
          }
          await next();
        });
      },
    };
  }

  arm(): void {
    this.armed = true;
    this.received = new Promise((resolve) => (this.onReceived = resolve));
    this.opened = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.armed = false;
    this.open();
  }
}
