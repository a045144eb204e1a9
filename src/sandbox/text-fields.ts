/**
 * Fields of an answer taken from `row`: answer field → column, '' where the column is null (how
 * the service's answers leave a text unknown).
 */
export function textFields<F extends string, C extends string>(
  row: { readonly [column in C]: string | null },
  columns: Readonly<Record<F, C>>,
): Record<F, string> {
  return Object.fromEntries(Object.entries<C>(columns).map(([field, column]) => [field, row[column] ?? ''])) as Record<F, string>;
}
