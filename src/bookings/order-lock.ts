// One `bookings request` per order number at a time, across processes: the run holds a lock file
// under the config directory (`bookings/<hash>.lock`, src/util/file-lock.ts) from before it reads
// the booking list until it ends, so the "one payment per order number" check and the booking it
// posts are never split by another run's. A second run is refused at once, naming the first.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { BoxofficeError, nameErrorClasses } from '../client/errors.js';
import { describeHolder, tryLock, type FileLock } from '../util/file-lock.js';
import { createPrivateDirectory } from '../util/private-file.js';

/** Another run is requesting a payment for the same order number right now. */
class PaymentInProgressError extends BoxofficeError {}
nameErrorClasses({ PaymentInProgressError });

export interface OrderNumberKey {
  /** The service the booking goes to (its API address). */
  apiUrl: string;
  orderNo: string;
}

function orderLockPath(configDir: string, key: OrderNumberKey): string {
  const name = createHash('sha256')
    .update(JSON.stringify([key.apiUrl, key.orderNo]))
    .digest('hex')
    .slice(0, 24);
  return join(configDir, 'bookings', `${name}.lock`);
}

/** The order number's lock, or PaymentInProgressError while a live run holds it. `checkCommand` shows the booking list for it. */
export async function holdOrderNumber(configDir: string, key: OrderNumberKey, checkCommand: string): Promise<FileLock> {
  const path = orderLockPath(configDir, key);
  createPrivateDirectory(join(configDir, 'bookings'));
  const attempt = await tryLock(path);
  if (attempt.acquired) return attempt.lock;
  throw new PaymentInProgressError(
    `order ${key.orderNo}: another bookings request for this order number is running (${describeHolder(attempt.holder)}); no second payment requested. ` +
      `Let it finish, then check it with: ${checkCommand}; if that process is gone, delete ${path}`,
  );
}
