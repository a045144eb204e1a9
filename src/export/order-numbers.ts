// The set of order numbers seen, which is all the de-duplication keeps. Order numbers are usually a prefix and a run of digits (SBX00000042,
// SEEDE7E113840000100); those are stored as small integers grouped by (prefix, digit count, the digits' value above 2^30), a fraction of the memory of the
// strings themselves at 100,000 orders. The grouping keeps it exact: the prefix is everything before the last run of digits, so it ends with a non-digit, and
// "A007" and "A7" land in different groups by their digit counts. Anything else is kept as a string.

/** Values below this are small integers (V8 Smis), which a Set holds without a box each. */
const LOW_RANGE = 2 ** 30;
const MAX_DIGITS = 15;
const isDigit = (code: number): boolean => code >= 48 && code <= 57;

export class OrderNumberSet {
  private readonly numbered = new Map<string, Set<number>>();
  private readonly others = new Set<string>();
  private count = 0;
  // The group of the last numbered order: prefix and high part repeat, so its key is built once.
  private lastPrefix = '';
  private lastDigits = 0;
  private lastHigh = 0;
  private lastGroup: Set<number> | undefined;
  private low = 0;

  get size(): number {
    return this.count;
  }

  /** Adds the order number; false when it was already there. */
  add(orderNo: string): boolean {
    const group = this.groupOf(orderNo);
    const before = group === undefined ? this.others.size : group.size;
    if (group === undefined) this.others.add(orderNo);
    else group.add(this.low);
    if ((group === undefined ? this.others.size : group.size) === before) return false;
    this.count += 1;
    return true;
  }

  /**
   * "SBX00000042" → the group of ("SBX", 8 digits, high part 0), with `low` set to 42; undefined unless the number ends with 1 to 15 digits. Scanned by hand:
   * this runs for every order.
   */
  private groupOf(orderNo: string): Set<number> | undefined {
    let start = orderNo.length;
    while (start > 0 && isDigit(orderNo.charCodeAt(start - 1))) start -= 1;
    const digits = orderNo.length - start;
    if (digits === 0 || digits > MAX_DIGITS) return undefined;
    const value = Number(orderNo.slice(start));
    const high = Math.floor(value / LOW_RANGE);
    this.low = value - high * LOW_RANGE;
    if (
      this.lastGroup !== undefined &&
      digits === this.lastDigits &&
      high === this.lastHigh &&
      orderNo.startsWith(this.lastPrefix) &&
      start === this.lastPrefix.length
    ) {
      return this.lastGroup;
    }
    const prefix = orderNo.slice(0, start);
    const key = `${prefix}\u0000${digits}\u0000${high}`;
    let group = this.numbered.get(key);
    if (group === undefined) {
      group = new Set();
      this.numbered.set(key, group);
    }
    this.lastPrefix = prefix;
    this.lastDigits = digits;
    this.lastHigh = high;
    this.lastGroup = group;
    return group;
  }
}
