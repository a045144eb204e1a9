// The set of order numbers seen, which is all the de-duplication keeps. Order numbers are
// usually a fixed prefix and a run of digits (SBX00000042); those are stored as small integers
// grouped by (prefix, digit count), a third of the memory of the strings themselves at 100,000
// orders. The grouping keeps it exact: "A007" and "A7" land in different groups. Anything else
// is kept as a string.
const PREFIX_AND_DIGITS = /^(\D*)(\d{1,15})$/;

export class OrderNumberSet {
  private readonly numbered = new Map<string, Set<number>>();
  private readonly others = new Set<string>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  has(orderNo: string): boolean {
    const match = PREFIX_AND_DIGITS.exec(orderNo);
    if (!match) return this.others.has(orderNo);
    return this.numbered.get(`${match[1]}\u0000${match[2].length}`)?.has(Number(match[2])) ?? false;
  }

  /** Adds the order number; false when it was already there. */
  add(orderNo: string): boolean {
    const match = PREFIX_AND_DIGITS.exec(orderNo);
    let added: boolean;
    if (!match) {
      added = !this.others.has(orderNo);
      this.others.add(orderNo);
    } else {
      const group = `${match[1]}\u0000${match[2].length}`;
      let numbers = this.numbered.get(group);
      if (!numbers) {
        numbers = new Set();
        this.numbered.set(group, numbers);
      }
      const value = Number(match[2]);
      added = !numbers.has(value);
      numbers.add(value);
    }
    if (added) this.count += 1;
    return added;
  }
}
