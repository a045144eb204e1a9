// What a run of `order place` is about to do, kept in a small owner-only file under the config
// directory before each step that changes the service: which order (once the service has given
// its number) and which step. A run that finds the file of the same purchase (same service,
// event and tickets) continues that order instead of buying again; a finished run removes it.
// A run holds the file's lock (`FILE.lock`, src/util/file-lock.ts) from before it reads the
// intent until it ends: a second run of the same purchase at the same time is refused, naming
// the first, so only an intent whose holder is gone (killed, crashed) is ever continued.
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import * as z from 'zod';
import { BoxofficeError, UsageError, nameErrorClasses } from '../client/errors.js';
import { writeFileAtomically } from '../util/atomic-file.js';
import { lockOrRefuse, lockPathFor, type FileLock } from '../util/file-lock.js';
import { createPrivateDirectory } from '../util/private-file.js';
import { formatTicketSpec, type TicketSpec } from './ticket-spec.js';

/** The steps that change the service, in order; the intent names the one about to be sent. */
const ORDER_STEPS = ['generate-order', 'save-attendee', 'confirm-order', 'order-details'] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

const intentSchema = z.object({
  version: z.literal(1),
  purchase: z.string(),
  step: z.enum(ORDER_STEPS),
  orderNo: z.string().min(1).optional(),
  startedAt: z.string(),
});
type OrderIntent = z.output<typeof intentSchema>;

/** Another run is placing the same purchase right now. */
class PurchaseInProgressError extends BoxofficeError {}
nameErrorClasses({ PurchaseInProgressError });

export class OrderIntentFile {
  private constructor(
    readonly path: string,
    private readonly purchase: string,
    private readonly now: () => Date,
  ) {}

  /** The file of this purchase (what makes two runs the same purchase) in `<configDir>/orders/`. */
  static for(configDir: string, purchase: { publisherUrl: string; eventId: string; tickets: readonly TicketSpec[] }, now: () => Date): OrderIntentFile {
    const tickets = purchase.tickets.map(formatTicketSpec).sort();
    const text = JSON.stringify([purchase.publisherUrl, purchase.eventId, tickets]);
    const name = createHash('sha256').update(text).digest('hex').slice(0, 24);
    return new OrderIntentFile(join(configDir, 'orders', `${name}.json`), text, now);
  }

  /** The purchase's lock; refused (PurchaseInProgressError) while another live run holds it. */
  hold(): Promise<FileLock> {
    const path = lockPathFor(this.path);
    return lockOrRefuse(
      path,
      (holder) =>
        new PurchaseInProgressError(
          `this purchase is being placed by another order place right now (${holder}); nothing was bought by this run. ` +
            `Let that run finish (it shows its order number); the same command run after it places a new order. If that process is gone, delete ${path}`,
        ),
    );
  }

  /** The intent an earlier run left, if any (read with the lock held: a live run's is never seen). */
  async read(): Promise<OrderIntent | undefined> {
    const text = await readFile(this.path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    if (text === undefined) return undefined;
    let parsed: z.ZodSafeParseResult<OrderIntent>;
    try {
      parsed = intentSchema.safeParse(JSON.parse(text));
    } catch {
      parsed = intentSchema.safeParse(undefined);
    }
    if (!parsed.success || parsed.data.purchase !== this.purchase) {
      throw new UsageError(`${this.path}: not an order place state file; remove it once you have checked its order`, 'BOXOFFICE_CONFIG_DIR');
    }
    return parsed.data;
  }

  async record(step: OrderStep, orderNo?: string): Promise<void> {
    createPrivateDirectory(dirname(this.path));
    const intent: OrderIntent = { version: 1, purchase: this.purchase, step, orderNo, startedAt: this.now().toISOString() };
    await writeFileAtomically(this.path, `${JSON.stringify(intent, null, 2)}\n`);
  }

  async remove(): Promise<void> {
    await rm(this.path, { force: true });
  }
}
