// The export's header: the fixed columns, then one column per custom form label in the order the
// labels were first seen. A label that equals a fixed column's name (or a name already taken)
// gets " (form)" appended, so that JSON keys stay unique.
import { FIXED_COLUMNS, type Answer } from './flatten.js';

export class ColumnRegistry {
  private readonly columnByLabel = new Map<string, string>();
  private readonly taken = new Set<string>(FIXED_COLUMNS);
  private readonly names: string[] = [...FIXED_COLUMNS];

  /** Registers any label not seen before; returns the new ones, in order. */
  observe(answers: readonly Answer[]): string[] {
    const added: string[] = [];
    for (const [label] of answers) {
      if (this.columnByLabel.has(label)) continue;
      let name = label;
      while (this.taken.has(name)) name = `${name} (form)`;
      this.taken.add(name);
      this.names.push(name);
      this.columnByLabel.set(label, name);
      added.push(label);
    }
    return added;
  }

  /** How many custom columns there are so far. */
  get size(): number {
    return this.columnByLabel.size;
  }

  get labels(): string[] {
    return [...this.columnByLabel.keys()];
  }

  /** Header names: the fixed columns, then the custom ones. */
  get header(): string[] {
    return [...this.names];
  }

  /** A row's cells (as appendCustomCells gives them) keyed by column name, as an export's reader reads them. */
  rowObject(cells: readonly string[]): Record<string, string> {
    const row: Record<string, string> = {};
    for (let column = 0; column < cells.length; column += 1) row[this.names[column]] = cells[column];
    return row;
  }

  /**
   * Appends the custom cells of a row, in column order ('' where this attendee did not answer),
   * to `cells` (the row's fixed cells) and returns it.
   */
  appendCustomCells(cells: string[], answers: readonly Answer[]): string[] {
    for (const label of this.columnByLabel.keys()) {
      let value = '';
      for (const [answered, text] of answers) {
        if (answered === label) value = text;
      }
      cells.push(value);
    }
    return cells;
  }
}
