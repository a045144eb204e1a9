// The `live` profile acts on the real service: commands that spend, charge or change it ask
// first on a terminal, and need --yes where there is no terminal to ask on.
import { DeclinedError, UsageError } from '../../client/errors.js';
import { LIVE_PROFILE } from '../../session/config/profile.js';
import type { CommandContext } from './context.js';
import { createPrompter } from './prompt.js';

export interface LiveConfirmation {
  yes: boolean;
  /** What would happen, for the --yes error: "apply on the live profile changes the live service". */
  consequence: string;
  question: string;
  /** The message of the DeclinedError when the answer is no: "nothing changed". */
  declined: string;
}

/** Refuses up front (exit 2) a live-profile run that could not be confirmed: no terminal and no --yes. */
export function requireYesWithoutTerminal(context: CommandContext, confirmation: Pick<LiveConfirmation, 'yes' | 'consequence'>): void {
  const globals = context.globals();
  if (globals.profile !== LIVE_PROFILE || confirmation.yes || globals.input) return;
  throw new UsageError(`${confirmation.consequence}; add --yes to confirm without a terminal`, '--yes');
}

/** On the live profile without --yes: asks on the terminal; "no" is a DeclinedError (exit 1). */
export async function confirmOnLive(context: CommandContext, confirmation: LiveConfirmation): Promise<void> {
  if (context.globals().profile !== LIVE_PROFILE || confirmation.yes) return;
  requireYesWithoutTerminal(context, confirmation);
  const confirmed = await createPrompter(context.deps).confirm({ message: confirmation.question, default: false });
  if (!confirmed) throw new DeclinedError(confirmation.declined);
}
