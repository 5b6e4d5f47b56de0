import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import type { AppEvents, DataChange } from "../lib/events";

const CHANNEL = "watchfloor_changes";
// NOTIFY payloads must stay under 8,000 bytes. A bigger change (a 10,000-alert batch) goes out
// without its ids: live views refetch their page on any change of a tenant they show.
const MAX_PAYLOAD = 7_000;
const RECONNECT_MS = 1_000;

/**
 * Relays the change feed between servers that share one PostgreSQL database (issue 19): each
 * change published here is sent with NOTIFY, and a dedicated connection LISTENs for the others'
 * and delivers them to this server's live streams. A server ignores its own changes (its
 * subscribers had them at once). NOTIFY is transactional and ordered per sender; a lost
 * connection is reopened, and changes sent meanwhile are missed (live views also refetch on
 * reconnect and every so often, so they catch up).
 */
export class PgChangeRelay {
  private readonly origin = randomUUID();
  private listener: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  /** Changes received from other servers (metrics and tests). */
  received = 0;
  /** How long the last change from another server took to arrive (its sender's clock against ours). */
  lastLagMs: number | null = null;

  constructor(
    private readonly url: string,
    private readonly events: AppEvents,
    private readonly db: Kysely<unknown>,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Sends this process's changes; with `listen`, also delivers the other servers' (only `serve` has live streams). */
  async start({ listen }: { listen: boolean }): Promise<void> {
    this.events.relayTo((change) => this.send(change));
    if (listen) await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.events.relayTo(null);
    if (this.retry) clearTimeout(this.retry);
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
  }

  /** Whether this server is listening for the others' changes now. */
  get listening(): boolean {
    return this.listener !== null;
  }

  private send(change: DataChange): void {
    const sentAt = Date.now();
    let payload = JSON.stringify({ origin: this.origin, sentAt, change });
    if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ origin: this.origin, sentAt, change: { ...change, ids: [] } });
    sql`select pg_notify(${CHANNEL}, ${payload})`.execute(this.db).catch(this.onError);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on("error", (error) => {
      this.onError(error);
      this.reconnect(client);
    });
    client.on("end", () => this.reconnect(client));
    client.on("notification", (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const { origin, sentAt, change } = JSON.parse(message.payload) as { origin: string; sentAt?: number; change: DataChange };
        if (origin === this.origin) return;
        this.received++;
        if (typeof sentAt === "number") this.lastLagMs = Math.max(0, Date.now() - sentAt);
        this.events.deliver(change);
      } catch (error) {
        this.onError(error);
      }
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
  }

  private reconnect(client: pg.Client): void {
    if (this.stopped || this.listener !== client) return;
    this.listener = null;
    this.listenLater();
  }

  /** Listens again after a pause, and keeps trying while the database is away. */
  private listenLater(): void {
    this.retry = setTimeout(() => {
      this.listen().catch((error: unknown) => {
        this.onError(error);
        if (!this.stopped) this.listenLater();
      });
    }, RECONNECT_MS);
    this.retry.unref();
  }
}
