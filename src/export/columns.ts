// The export's header: the fixed columns, then one column per custom form label in the order the labels were first seen. A label that equals a fixed column's
// name (or a name already taken) gets " (form)" appended, so that JSON keys stay unique.
import { FIXED_COLUMNS, type Answer } from './flatten.js';

export class ColumnRegistry {
  private readonly columnByLabel = new Map<string, string>();
  /** The custom labels in column order, as an array: the per-row loops below index it. */
  private readonly customLabels: string[] = [];
  private readonly taken = new Set<string>(FIXED_COLUMNS);
  private readonly names: string[] = [...FIXED_COLUMNS];

  // observe and appendCustomCells run for every attendee: indexed loops, as destructuring each answer and iterating the Map allocated iterators before V8
  // optimised them.
  observe(answers: readonly Answer[]): void {
    for (let index = 0; index < answers.length; index += 1) {
      const label = answers[index][0];
      if (this.columnByLabel.has(label)) continue;
      let name = label;
      while (this.taken.has(name)) name = `${name} (form)`;
      this.taken.add(name);
      this.names.push(name);
      this.columnByLabel.set(label, name);
      this.customLabels.push(label);
    }
  }

  get size(): number {
    return this.customLabels.length;
  }

  get labels(): string[] {
    return [...this.customLabels];
  }

  get header(): string[] {
    return [...this.names];
  }

  /** A row's cells (as appendCustomCells gives them) keyed by column name, as an export's reader reads them. */
  rowObject(cells: readonly string[]): Record<string, string> {
    const row: Record<string, string> = {};
    for (let column = 0; column < cells.length; column += 1) row[this.names[column]] = cells[column];
    return row;
  }

  /** Appends the custom cells of a row ('' where this attendee did not answer) to its fixed cells. */
  appendCustomCells(cells: string[], answers: readonly Answer[]): string[] {
    for (let column = 0; column < this.customLabels.length; column += 1) {
      const label = this.customLabels[column];
      let value = '';
      for (let index = 0; index < answers.length; index += 1) {
        if (answers[index][0] === label) value = answers[index][1];
      }
      cells.push(value);
    }
    return cells;
  }
}
