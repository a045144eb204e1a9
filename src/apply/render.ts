// The plan for people (one line per record, like terraform's) and for scripts (one JSON document).
import type { AppliedIds, StepDone } from './execute.js';
import { countSteps, type Plan, type PlanCounts, type PlanStep } from './plan.js';

const SYMBOL = { create: '+', update: '~', unchanged: '=', unchecked: '?', blocked: '!' } as const;
const MAX_VALUE_LENGTH = 40;
const FOUND_BY = { event: 'url', ticket: 'name', discount: 'fields' } as const;
const UNCERTAIN_NOTE = {
  event: 'an earlier create was not confirmed; not found by its url',
  ticket: 'an earlier create was not confirmed; not found by its name',
  discount: 'an earlier create was not confirmed: it may exist',
} as const;

const ID_UNKNOWN_NOTE = {
  unchecked: 'exists, found by its code; the service never gives its id or fields, so it cannot be read back or updated',
  blocked: 'exists, found by its code; the service never gives its id, so it cannot be changed',
} as const;
const NOT_IN_STATE_NOTE = {
  create: 'not in the state file and not found on the service (a code discount is looked up by sending it: if its code is taken, that discount is kept)',
  unlisted: 'not in the state file, and automatic discounts cannot be listed without the Publisher API: it may exist',
} as const;

function formatValue(value: unknown): string {
  if (value === undefined) return '(unknown)';
  if (value === null) return '(none)';
  if (typeof value === 'string') {
    if (value === '') return '""';
    const shown = value.length > MAX_VALUE_LENGTH ? `${value.slice(0, MAX_VALUE_LENGTH - 1)}…` : value;
    return /^[\w.:@/+-]+$/.test(shown) ? shown : JSON.stringify(shown);
  }
  return String(value);
}

export function formatStep(step: PlanStep): string {
  const id = step.id ? ` (id ${step.id})` : '';
  const flags = [
    step.adopted ? `found on the service by its ${FOUND_BY[step.resource]}` : undefined,
    step.missing ? 'gone from the service: created again' : undefined,
    step.uncertain && !step.notInState ? UNCERTAIN_NOTE[step.resource] : undefined,
    step.idUnknown ? ID_UNKNOWN_NOTE[step.action === 'blocked' ? 'blocked' : 'unchecked'] : undefined,
    step.notInState ? NOT_IN_STATE_NOTE[step.uncertain ? 'unlisted' : 'create'] : undefined,
    step.duplicates ? `DUPLICATE: also ${step.duplicates.map((id) => `id ${id}`).join(', ')} on the service` : undefined,
  ].filter((flag) => flag !== undefined);
  const flagText = flags.length > 0 ? ` [${flags.join('; ')}]` : '';
  const changeTexts = step.changes.map(
    ({ field, from, to, drift }) => `${field} ${formatValue(from)} → ${formatValue(to)}${drift ? ' (drift: changed on the service)' : ''}`,
  );
  const changes = changeTexts.length > 0 ? `: ${changeTexts.join(', ')}` : '';
  return `${SYMBOL[step.action]} ${step.action} ${step.resource} ${step.key}${id}${flagText}${changes}`;
}

function formatCounts(counts: PlanCounts): string {
  const extra = [
    counts.blocked > 0 ? `, ${counts.blocked} cannot be changed (!)` : '',
    counts.unchecked > 0 ? `, ${counts.unchecked} cannot be checked (?)` : '',
  ].join('');
  return `${counts.create} to create, ${counts.update} to update, ${counts.unchanged} unchanged${extra}`;
}

/** The plan's last line: never "No changes" while a change is pending or a record was not seen. */
function summaryLine(plan: Plan, counts: PlanCounts): string {
  const duplicates = plan.steps.filter((step) => step.duplicates).length;
  if (duplicates > 0) {
    return `Duplicates: ${duplicates} key${duplicates === 1 ? '' : 's'} match more than one record on the service (marked DUPLICATE).`;
  }
  if (counts.create + counts.update + counts.blocked + counts.unchecked === 0) return 'No changes: the service matches the file.';
  if (counts.create + counts.update + counts.blocked === 0) {
    return `No changes apply can make: ${formatCounts(counts)}; the records marked ? exist but cannot be compared with the file.`;
  }
  const driftText = counts.drift > 0 ? ` (${counts.drift} field${counts.drift === 1 ? '' : 's'} drifted on the service, brought back to the file)` : '';
  return `Plan: ${formatCounts(counts)}${driftText}.`;
}

export function renderPlan(plan: Plan, fileName: string): string {
  const lines = [`Plan for ${fileName}:`, ...plan.steps.map((step) => `  ${formatStep(step)}`), summaryLine(plan, countSteps(plan))];
  return `${lines.join('\n')}\n`;
}

/** One line on stderr per step carried out. */
export function formatDone(done: StepDone): string {
  const { step } = done;
  const created = done.recovered ? 'found (created by an earlier run)' : 'created';
  const verb = step.action === 'create' ? created : step.action === 'update' ? 'updated' : step.adopted ? 'found' : 'unchanged';
  return `${verb} ${step.resource} ${step.key} (${done.id === undefined ? 'id unknown' : `id ${done.id}`})`;
}

/** The plan for scripts (--json); after an apply, with the ids of every record, by key. */
export type PlanDocument = ReturnType<typeof planDocument>;

export function planDocument(plan: Plan, options: { file: string; state: string; dryRun: boolean; warnings: string[]; ids?: AppliedIds }) {
  return {
    file: options.file,
    state: options.state,
    dryRun: options.dryRun,
    summary: countSteps(plan),
    steps: plan.steps,
    notes: plan.notes,
    warnings: options.warnings,
    ...(options.ids ? { ids: options.ids } : {}),
  };
}
