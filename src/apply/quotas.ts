// The live service's daily creation quotas (cli-contract "Real-world tolerance"). Past them it
// answers E023 and the run stops part-way; the state keeps what was done and the next day's run
// finishes. Warned about before starting, since no retry can help within the day.
import type { Plan, ResourceKind } from './plan.js';

export const DAILY_CREATION_QUOTAS: Readonly<Record<ResourceKind, number>> = {
  event: 10,
  ticket: 200,
  discount: 2000,
};

const PLURAL: Readonly<Record<ResourceKind, string>> = { event: 'events', ticket: 'tickets', discount: 'discounts' };

function creationsByKind(plan: Plan): Record<ResourceKind, number> {
  const counts: Record<ResourceKind, number> = { event: 0, ticket: 0, discount: 0 };
  for (const step of plan.steps) if (step.action === 'create') counts[step.resource] += 1;
  return counts;
}

/** One line per quota the plan would exceed on its own. */
export function quotaWarnings(plan: Plan): string[] {
  const counts = creationsByKind(plan);
  const warnings: string[] = [];
  for (const kind of Object.keys(DAILY_CREATION_QUOTAS) as ResourceKind[]) {
    const quota = DAILY_CREATION_QUOTAS[kind];
    if (counts[kind] > quota) {
      warnings.push(
        `this plan creates ${counts[kind]} ${PLURAL[kind]}, and the live service allows about ${quota} ${kind} creations a day: ` +
          'expect E023 part-way; the state file keeps what was done, and a run the next day finishes the rest',
      );
    }
  }
  return warnings;
}
