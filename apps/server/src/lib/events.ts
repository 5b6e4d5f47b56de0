import { EventEmitter } from "node:events";
import type { AutomationTrigger, DataChange } from "@watchfloor/shared";

/** What changed, for live views (the contract's DataChange); subscribers filter by the tenants they may see. */
export type { DataChange };

/**
 * Something happened that automation rules may answer (features/automation). Emitted by the
 * server that made the change, after its transaction committed, and never relayed: each event is
 * seen by one server, so rules answer it once however many servers share the database.
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

  /** Hands a domain event to this server's listeners (automation). */
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
