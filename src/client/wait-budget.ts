// The time a run of calls may spend waiting before retries, in all: every call of a client
// given one waits only as long as what is left allows, and adds what it waited.
export class WaitBudget {
  private spent = 0;

  constructor(readonly maxWaitMs: number) {}

  get waitedMs(): number {
    return this.spent;
  }

  get remainingMs(): number {
    return Math.max(0, this.maxWaitMs - this.spent);
  }

  spend(ms: number): void {
    this.spent += ms;
  }
}
