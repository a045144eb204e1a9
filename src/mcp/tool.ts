// What a tool of `boxoffice mcp` declares: what it does, costs and changes (its description), its schemas and annotations.
import type { CallToolResult, ToolAnnotations as SdkAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type * as z from 'zod';
import { type CreatedKind, HOURLY_READ_QUOTA, LIVE_QUOTAS } from '../client/live-quotas.js';
import { SERVICE_TEXT_NOTE } from './service-text.js';

export type ToolAnnotations = Required<Pick<SdkAnnotations, 'readOnlyHint' | 'destructiveHint' | 'idempotentHint'>>;

export type ToolInput = Readonly<Record<string, unknown>>;

export interface BoxofficeTool {
  name: string;
  title: string;
  summary: string;
  /** The read calls it spends of the live service's hourly quota, in words. */
  reads: string;
  changes: string;
  /** It changes the service (only served with --allow-writes). */
  writes: boolean;
  input: z.ZodRawShape;
  output: z.ZodRawShape;
  annotations: ToolAnnotations;
  run(input: ToolInput, signal: AbortSignal): Promise<CallToolResult>;
}

export function toolDescription(tool: BoxofficeTool, live: boolean): string {
  const warning = tool.writes && live ? 'Changes the LIVE service (profile live), for real buyers and organizers. ' : '';
  return (
    `${warning}${tool.summary}\n` +
    `Cost: ${tool.reads} (the live service allows about ${HOURLY_READ_QUOTA} read calls an hour).\n` +
    `Changes: ${tool.changes}.\n` +
    `Service text: ${SERVICE_TEXT_NOTE}`
  );
}

export const ATTENDEE_LIST_TOKEN_NOTE = 'The attendee list is read with the token of the account that owns the event.';

export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true };

export function creationQuota(kind: CreatedKind): string {
  return `one of the live service's ${LIVE_QUOTAS.creationsPerDay[kind]} ${kind} creations a day`;
}
