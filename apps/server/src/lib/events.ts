import { EventEmitter } from "node:events";
import type { AutomationTrigger, DataChange } from "@watchfloor/shared";

/** What changed, for live views (the contract's DataChange); subscribers filter by the tenants they may see. */
export type { DataChange };

/**
 * Something happened that automation rules may answer (features/automation). Recorded in the
 * automation outbox inside the transaction of the change (db/automation-outbox.repository.ts),
 * so a committed change always has its event; then emitted here, after the commit, only to wake
 * this server's engine, which claims the events from the table. Never relayed: any server's
 * engine may claim any event, and a claim is held by one at a time.
 */
export interface DomainEvent {
  type: Exclude<AutomationTrigger, "schedule">;
  tenantId: string;
  ids: readonly string[];
  /** For ".changed" events: which fields (status, priority, assignee, owner). */
  changed?: readonly string[];
  /** The change was an automation rule's action: rules do not answer their own actions (no loops). */
  byAutomation?: boolean;
}

/**
 * The change feed behind the server-sent events stream. In one process it is an event emitter;
 * with several servers on one PostgreSQL database a relay (db/pg-change-relay.ts) sends each
 * change to the other servers and hands theirs in through `deliver`.
 */
export class AppEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private relay: ((change: DataChange) => void) | null = null;

  publish(change: DataChange): void {
    this.emitter.emit("change", change);
    this.relay?.(change);
  }

  /** A change made by another server: to this server's subscribers only. */
  deliver(change: DataChange): void {
    this.emitter.emit("change", change);
  }

  /** Sends every change published here to other servers too (null: stop). */
  relayTo(send: ((change: DataChange) => void) | null): void {
    this.relay = send;
  }

  /** Wakes this server's listeners (automation) after a change whose event is in the outbox committed. */
  emit(event: DomainEvent): void {
    if (event.ids.length) this.emitter.emit("domain", event);
  }

  onDomainEvent(listener: (event: DomainEvent) => void): () => void {
    this.emitter.on("domain", listener);
    return () => this.emitter.off("domain", listener);
  }

  subscribe(listener: (change: DataChange) => void): () => void {
    this.emitter.on("change", listener);
    return () => this.emitter.off("change", listener);
  }
}
