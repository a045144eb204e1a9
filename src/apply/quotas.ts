// Warnings before a plan that would pass the live service's daily creation quotas: past them it
// answers E023 and the run stops part-way; the state keeps what was done and the next day's run
// finishes. Said before starting, since no retry can help within the day.
import type { LiveQuotas } from '../client/live-quotas.js';
import type { Resource } from '../client/fields/table.js';
import type { Plan } from './plan.js';

function creationsByKind(plan: Plan): Record<Resource, number> {
  const counts: Record<Resource, number> = { event: 0, ticket: 0, discount: 0 };
  for (const step of plan.steps) if (step.action === 'create') counts[step.resource] += 1;
  return counts;
}

/** One line per quota the plan would exceed on its own. */
export function quotaWarnings(plan: Plan, quotas: LiveQuotas): string[] {
  const counts = creationsByKind(plan);
  const warnings: string[] = [];
  for (const kind of Object.keys(quotas.creationsPerDay) as Resource[]) {
    const quota = quotas.creationsPerDay[kind];
    if (counts[kind] > quota) {
      warnings.push(
        `this plan creates ${counts[kind]} ${kind}s, and the live service allows about ${quota} ${kind} creations a day: ` +
          'expect E023 part-way; the state file keeps what was done, and a run the next day finishes the rest',
      );
    }
  }
  return warnings;
}
