// What each benchmark module returns to `npm run bench` (scripts/bench.mjs prints the table).
export interface BenchOptions {
  /** Smaller sizes and fewer repetitions (`npm run bench -- --quick`). */
  quick: boolean;
  /** The smallest sizes, a single run and no warm-up (`--smoke`, run by `npm test`): proves the benchmark runs, times nothing. */
  smoke?: boolean;
  /** Progress lines for stderr. */
  log(line: string): void;
}

export interface Figure {
  name: string;
  /** Median of the runs. */
  value: number;
  unit: string;
  /** Spread of the runs (max − min), in the same unit. */
  spread?: number;
  /** For a comparison: value ÷ baseline measured in the same run, and the target it must meet. */
  ratio?: number;
  target?: string;
  note?: string;
}

export interface BenchSection {
  section: string;
  figures: Figure[];
}

export type BenchModule = (options: BenchOptions) => Promise<BenchSection>;
