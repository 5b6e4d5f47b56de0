import { EventEmitter } from "node:events";
import type { DataChange } from "@watchfloor/shared";

/** What changed, for live views (the contract's DataChange); subscribers filter by the tenants they may see. */
export type { DataChange };

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

  subscribe(listener: (change: DataChange) => void): () => void {
    this.emitter.on("change", listener);
    return () => this.emitter.off("change", listener);
  }
}
