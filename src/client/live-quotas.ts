// The live service's quotas, per account. Past one it answers E023 until the window has room
// again. The sandbox's `--limits realistic` enforces these numbers; the CLI and the MCP tools
// quote them, and apply warns by them.
export const LIVE_QUOTAS: { readonly readsPerHour: number; readonly creationsPerDay: Readonly<Record<CreatedKind, number>> } = {
  // Event, tickets, events, report and booking list lookups.
  readsPerHour: 30,
  creationsPerDay: { event: 10, ticket: 200, discount: 2000 },
};

export type CreatedKind = 'event' | 'ticket' | 'discount';
export type LiveQuotas = typeof LIVE_QUOTAS;

export const HOURLY_READ_QUOTA = LIVE_QUOTAS.readsPerHour;

/** "10 event, 200 ticket and 2000 discount creations a day". */
export function creationQuotasLine(): string {
  const kinds = Object.entries(LIVE_QUOTAS.creationsPerDay).map(([kind, quota]) => `${quota} ${kind}`);
  return `${kinds.slice(0, -1).join(', ')} and ${kinds[kinds.length - 1]} creations a day`;
}
