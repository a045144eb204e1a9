// Keeping peak memory flat while a large attendee list streams past (export, insights, sync).
// Process-global: called by the CLI's verbs, never by the library or a long-running server.

/**
 * V8's own values of the flags below (`node --v8-options`), put back when the read is over: the
 * code caches written when the CLI exits (bin/boxoffice.js) are checked against the flags of
 * the process that wrote them, and a next run starts with V8's defaults, so a cache written with
 * these flags set would be refused on every run (and every chunk compiled from source again).
 */
const V8_DEFAULTS = ['--semi-space-growth-factor=2', '--heap-growing-percent=0'];

/**
 * Runs `read` with the heap kept small. A long read makes much short-lived garbage, and
 * batches in flight live long enough to be promoted. V8 answers a long run of garbage by
 * doubling its young generation up to 16 MB semi-spaces, and lets the old generation grow by up
 * to 4x what survived its last collection before collecting again: a 100,000-order export
 * peaked at 102 MB where a 10,000-order one took 80 MB. With the young generation kept at its
 * first size and the old one grown by a fifth at a time, they take 78 and 71 MB, at no
 * measurable cost in time (a full collection of so small a heap takes milliseconds). The flags
 * only affect this process's later collections; node:v8 is loaded here, when a long read
 * starts, not at start-up.
 */
export async function withSmallHeap<T>(read: () => Promise<T>): Promise<T> {
  const v8 = process.getBuiltinModule('node:v8');
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  v8.setFlagsFromString('--heap-growing-percent=20');
  try {
    return await read();
  } finally {
    for (const flag of V8_DEFAULTS) v8.setFlagsFromString(flag);
  }
}
