// The live service's quotas, per account. Past one it answers E023 until the window has room
// again. The sandbox's `--limits realistic` enforces these numbers; the CLI and the MCP tools
// quote them, and apply warns by them.
export type CreatedKind = 'event' | 'ticket' | 'discount';

export interface LiveQuotas {
  /** Event, tickets, events, report and booking list lookups. */
  readsPerHour: number;
  creationsPerDay: Readonly<Record<CreatedKind, number>>;
}

export const LIVE_QUOTAS: LiveQuotas = {
  readsPerHour: 30,
  creationsPerDay: { event: 10, ticket: 200, discount: 2000 },
};

export const HOURLY_READ_QUOTA = LIVE_QUOTAS.readsPerHour;

/** "10 event, 200 ticket and 2000 discount creations a day". */
export function creationQuotasLine(quotas: LiveQuotas = LIVE_QUOTAS): string {
  const kinds = (Object.keys(quotas.creationsPerDay) as CreatedKind[]).map((kind) => `${quotas.creationsPerDay[kind]} ${kind}`);
  return `${kinds.slice(0, -1).join(', ')} and ${kinds[kinds.length - 1]} creations a day`;
}
