// What a tool of `boxoffice mcp` declares: its name, what it does, what it costs of the live
// service's quotas and what it changes (both part of the description the assistant reads), its
// input and output schemas and the protocol's annotations.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type * as z from 'zod';
import { type CreatedKind, HOURLY_READ_QUOTA, LIVE_QUOTAS } from '../client/live-quotas.js';
import { SERVICE_TEXT_NOTE } from './service-text.js';

export interface ToolAnnotations {
  /** Changes nothing: not the service, not a file. */
  readOnlyHint: boolean;
  /** May overwrite or remove what exists (meaningful when not read-only). */
  destructiveHint: boolean;
  /** Calling it again with the same arguments changes nothing more. */
  idempotentHint: boolean;
}

export type ToolInput = Readonly<Record<string, unknown>>;

export interface BoxofficeTool {
  name: string;
  title: string;
  /** What it does, in a sentence or two. */
  summary: string;
  /** The read calls it spends of the live service's hourly quota, in words. */
  reads: string;
  /** What it changes ("nothing" for a read). */
  changes: string;
  /** Whether it changes the service (only served with --allow-writes). */
  writes: boolean;
  input: z.ZodRawShape;
  /** The shape of its structured content (service text fenced, service-text.ts). */
  output: z.ZodRawShape;
  annotations: ToolAnnotations;
  run(input: ToolInput, signal: AbortSignal): Promise<CallToolResult>;
}

/** The description the assistant reads: what the tool does, what it costs, what it changes and how its service text is marked. */
export function toolDescription(tool: BoxofficeTool, live: boolean): string {
  const warning = tool.writes && live ? 'Changes the LIVE service (profile live), for real buyers and organizers. ' : '';
  return (
    `${warning}${tool.summary}\n` +
    `Cost: ${tool.reads} (the live service allows about ${HOURLY_READ_QUOTA} read calls an hour).\n` +
    `Changes: ${tool.changes}.\n` +
    `Service text: ${SERVICE_TEXT_NOTE}`
  );
}

/** For the descriptions of the tools that read an attendee list: whose token reads it. */
export const ATTENDEE_LIST_TOKEN_NOTE = 'The attendee list is read with the token of the account that owns the event.';

/** Reads and writes nothing but the answer. */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true };

/** "one of the live service's 10 event creations a day". */
export function creationQuota(kind: CreatedKind): string {
  return `one of the live service's ${LIVE_QUOTAS.creationsPerDay[kind]} ${kind} creations a day`;
}
