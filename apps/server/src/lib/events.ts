import { EventEmitter } from "node:events";

/** What changed, for live views; subscribers filter by the tenants they may see. */
export interface DataChange {
  tenantId: string;
  kind: "alert" | "incident";
  ids: string[];
  action: "created" | "updated";
}

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
