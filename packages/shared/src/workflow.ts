import { z } from "zod";
import type { IncidentStatus, Priority } from "./enums";

/**
 * The triage workflow for alerts and incidents. Forward one step at a time; Resolved or Closed
 * reopen to In Progress; an open item may be closed directly with a resolution (a false
 * positive needs no investigation). Anything else is refused with the allowed moves.
 */
const moves: Record<IncidentStatus, IncidentStatus[]> = {
  Open: ["Acknowledged", "Closed"],
  Acknowledged: ["In Progress", "Closed"],
  "In Progress": ["Resolved", "Closed"],
  Resolved: ["Closed", "In Progress"],
  Closed: ["In Progress"],
};

export function allowedMoves(from: IncidentStatus): IncidentStatus[] {
  return moves[from];
}

export const isOpenStatus = (s: IncidentStatus): boolean => s !== "Resolved" && s !== "Closed";

/** Closing straight from an open state needs a resolution type and notes. */
export const closeNeedsResolution = (from: IncidentStatus): boolean => isOpenStatus(from);

export const slaStates = ["On track", "At risk", "Met", "Missed"] as const;
export const slaStateSchema = z.enum(slaStates);
export type SlaState = z.infer<typeof slaStateSchema>;

/**
 * Default SLA minutes per priority, from the spec's typical response figures (30, 90, 180, 240,
 * 360, 720 minutes) with closure about twice the response.
 */
export const defaultSlaMinutes: Record<Priority, { ack: number; respond: number; resolve: number }> = {
  Critical: { ack: 15, respond: 30, resolve: 60 },
  High: { ack: 30, respond: 180, resolve: 360 },
  Medium: { ack: 90, respond: 360, resolve: 720 },
  Low: { ack: 240, respond: 720, resolve: 1440 },
};

/** "At risk" once this share of the time allowed has passed without the step being done. */
export const slaAtRiskShare = 0.75;

export const priorityRank: Record<Priority, number> = { Low: 1, Medium: 2, High: 3, Critical: 4 };
