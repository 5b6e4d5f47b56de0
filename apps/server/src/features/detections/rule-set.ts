import type { SigmaEvent } from "./sigma-event";
import type { CompiledRule } from "./sigma-rule";

/**
 * A tenant's enabled rules, indexed by the channel and event id their logsource requires, so an
 * event is tried only against rules that could match it (each still runs its whole logsource
 * test). Rules whose logsource names no channel are tried on every event.
 */
export class RuleSet {
  private readonly byChannelEvent = new Map<string, CompiledRule[]>();
  private readonly byChannel = new Map<string, CompiledRule[]>();
  private readonly everywhere: CompiledRule[] = [];

  constructor(readonly rules: readonly CompiledRule[]) {
    const add = (map: Map<string, CompiledRule[]>, key: string, rule: CompiledRule) => {
      const list = map.get(key);
      if (list) list.push(rule);
      else map.set(key, [rule]);
    };
    for (const rule of rules) {
      const index = rule.index;
      if (!index) this.everywhere.push(rule);
      else if (index.eventIds) {
        for (const c of index.channels) for (const id of index.eventIds) add(this.byChannelEvent, `${c}\u0000${id}`, rule);
      } else for (const c of index.channels) add(this.byChannel, c, rule);
    }
  }

  get size(): number {
    return this.rules.length;
  }

  /** Every rule the event matches. */
  matching(event: SigmaEvent): CompiledRule[] {
    const hits: CompiledRule[] = [];
    const channel = event.lower("Channel");
    const eventId = event.fields.EventID;
    const test = (list: readonly CompiledRule[] | undefined) => {
      if (list) for (const rule of list) if (rule.matches(event)) hits.push(rule);
    };
    if (typeof channel === "string") {
      if (typeof eventId === "string") test(this.byChannelEvent.get(`${channel}\u0000${eventId}`));
      test(this.byChannel.get(channel));
    }
    test(this.everywhere);
    return hits;
  }
}
