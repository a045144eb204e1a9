// `apply_setup`: `boxoffice apply` in two calls. The first returns the plan and a token; the second
// carries it out if the plan computed again (under the state file's lock) is the one the token names.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import * as z from 'zod';
import { UsageError } from '../../client/errors.js';
import type { ApplyRunOptions } from '../../apply/run.js';
import type { Plan } from '../../apply/plan.js';
import type { PlanDocument } from '../../apply/render.js';
import { creationQuotasLine } from '../../client/live-quotas.js';
import { closed, serviceValue, text, textSchema } from '../service-text.js';
import type { BoxofficeTool, ToolInput } from '../tool.js';
import { TOOL_CALL_MAX_WAIT_MS, textSink, toolCall, toolContext, type ServerSettings } from '../tool-call.js';

/** The same setup (as read now, variables filled in), state file and steps give the same token; the setup counts because a create step does not list its values. */
async function planToken(file: string, statePath: string, plan: Plan, env: ApplyRunOptions['env']): Promise<string> {
  const { loadSetupFile } = await import('../../apply/file.js');
  const setup = await loadSetupFile(file, env);
  return createHash('sha256')
    .update(JSON.stringify({ file, statePath, setup, steps: plan.steps }))
    .digest('hex')
    .slice(0, 20);
}

const APPLY_OUTPUT = {
  applied: z.boolean().describe('whether the plan was carried out (the second call)'),
  planToken: z.string().nullable().optional().describe('the token that carries this plan out (null: nothing to change)'),
  file: z.string().describe('the setup file'),
  state: z.string().describe('the state file'),
  dryRun: z.boolean(),
  summary: z.record(z.string(), z.number()).describe('steps by action: create, update, unchanged, blocked; drift'),
  steps: z.array(z.unknown()).describe('each create and update, field by field, its values fenced'),
  notes: z.array(z.unknown()).describe('what to do about what the plan cannot change, fenced'),
  warnings: z.array(z.unknown()).describe('warnings about the setup, fenced'),
  ids: z.unknown().optional().describe('the ids of the event and of each ticket and discount by its key (the second call)'),
  messages: z.array(textSchema('a line apply wrote')).describe('what apply said on the way'),
};

function idsDocument(value: unknown): unknown {
  if (typeof value === 'string') return closed('id', value);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, idsDocument(item)]));
}

/** Values fenced: they come from the setup file and the service. */
function fencedDocument({ steps, notes, warnings, ids, ...document }: PlanDocument, messages: string[]) {
  return {
    ...document,
    steps: serviceValue(steps),
    notes: serviceValue(notes),
    warnings: serviceValue(warnings),
    ...(ids === undefined ? {} : { ids: idsDocument(ids) }),
    messages: messages.map((line) => text(line)),
  };
}

export function applyTool(settings: ServerSettings): BoxofficeTool {
  const issued = new Set<string>();
  return {
    name: 'apply_setup',
    title: 'Apply a setup file',
    summary:
      'Makes the service match a setup file (YAML or JSON: one event, its tickets and discounts; see boxoffice apply). ' +
      'Call it without planToken first: it returns the plan (each create and update, field by field) and a planToken, ' +
      'and changes nothing. Call it again with the same file and that planToken to carry the plan out; if the file or ' +
      'the service changed in between, nothing is changed and the call says to look at the new plan.',
    reads: 'about 3 read calls each call (the event list, the event, its tickets)',
    changes: `the second call creates and updates what the plan lists (the live service allows about ${creationQuotasLine()}); ids are kept in the state file`,
    writes: true,
    input: {
      file: z.string().min(1).describe('the setup file; ${VAR} in it comes from the environment of the server'),
      stateFile: z.string().min(1).optional().describe('the state file (default: beside the setup file, NAME.boxoffice-state.json)'),
      planToken: z.string().min(1).optional().describe('the planToken the first call returned: carries that plan out'),
    },
    output: APPLY_OUTPUT,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    run: (input: ToolInput, signal) =>
      toolCall(settings, {}, async () => {
        const token = input.planToken as string | undefined;
        if (token !== undefined && !issued.has(token)) {
          throw new UsageError('planToken: not one this server gave; call apply_setup without planToken to get the plan and its token', 'planToken');
        }
        // apply and its YAML parser load on the first call, not at the server's start.
        const [{ runApply, DuplicateRecordsError, StateOfAnotherServiceError }, { defaultStatePath }, { applyConnection }, { UncertainCreateError }] =
          await Promise.all([
            import('../../apply/run.js'),
            import('../../apply/state.js'),
            import('../../session/apply-connection.js'),
            import('../../apply/execute.js'),
          ]);
        const file = resolve(input.file as string);
        const statePath = resolve((input.stateFile as string | undefined) ?? defaultStatePath(file));
        const context = toolContext(settings, signal);
        const stderr = textSink();
        let close: (() => Promise<void>) | undefined;
        try {
          const result = await runApply({
            file,
            statePath,
            dryRun: token === undefined,
            json: false,
            recreateUncertain: false,
            signal,
            clock: { now: () => context.deps.clock.now().getTime(), sleep: (ms, wake) => context.deps.clock.sleep(ms, wake) },
            env: context.deps.env,
            stderr: stderr.stream,
            connect: async () => {
              const opened = await applyConnection(context, TOOL_CALL_MAX_WAIT_MS);
              close = opened.close;
              return opened.connection;
            },
            confirm: async (plan) => {
              if ((await planToken(file, statePath, plan, context.deps.env)) !== token) {
                throw new UsageError(
                  'planToken: the plan is no longer the one it was given for (the file or the service changed); nothing was changed. ' +
                    'Call apply_setup without planToken to see the new plan',
                  'planToken',
                );
              }
            },
          });
          const messages = stderr.text().match(/[^\n]+/g) ?? [];
          if (token !== undefined) {
            issued.delete(token);
            return { applied: true, ...fencedDocument(result.document, messages) };
          }
          const changes = result.plan.steps.some((step) => step.action !== 'unchanged');
          const newToken = changes ? await planToken(file, statePath, result.plan, context.deps.env) : null;
          if (newToken !== null) issued.add(newToken);
          return { applied: false, planToken: newToken, ...fencedDocument(result.document, messages) };
        } catch (error) {
          if (error instanceof DuplicateRecordsError)
            error.notes.next = 'keep one of each (update_ticket renames or pauses the others), then call apply_setup again';
          if (error instanceof StateOfAnotherServiceError) error.notes.next = 'give another stateFile for this service';
          if (error instanceof UncertainCreateError) error.notes.next = 'set BOXOFFICE_PUBLISHER_KEY for this server so apply looks it up';
          throw error;
        } finally {
          await close?.();
        }
      }),
  };
}
