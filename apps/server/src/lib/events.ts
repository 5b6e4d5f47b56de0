import { EventEmitter } from "node:events";
import type { DataChange } from "@watchfloor/shared";

/** What changed, for live views (the contract's DataChange); subscribers filter by the tenants they may see. */
export type { DataChange };

/** In-process change feed behind the server-sent events stream (one server process). */
export class AppEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(change: DataChange): void {
    this.emitter.emit("change", change);
  }

  subscribe(listener: (change: DataChange) => void): () => void {
    this.emitter.on("change", listener);
    return () => this.emitter.off("change", listener);
  }
}
