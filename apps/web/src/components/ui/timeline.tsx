import type { TimelineEntry } from "@watchfloor/shared";
import { MessageSquare } from "lucide-react";
import { type FormEvent, useState } from "react";
import { errorMessage } from "@/lib/api-client";
import { Button } from "./button";
import { inputClass } from "./field";
import { Card } from "./page";
import { Notice } from "./states";
import { Time } from "./time";

export type { TimelineEntry };

const pair = (v: unknown): [string, string] | null =>
  Array.isArray(v) && v.length === 2 ? [String(v[0] ?? "nobody"), String(v[1] ?? "nobody")] : null;

/** One sentence per entry: what changed, never raw JSON. */
export function describeEntry(entry: TimelineEntry): string {
  const c = entry.changes;
  switch (entry.kind) {
    case "created":
      return typeof c.alerts === "number" ? `created it with ${c.alerts} alert(s)` : "created it";
    case "status": {
      const p = pair(c.status);
      // Findings record why they were closed (Remediated, Fixed...): say it with the move.
      const reason = typeof c.closeReason === "string" ? ` (${c.closeReason})` : "";
      return p ? `moved it from ${p[0]} to ${p[1]}${reason}` : "changed the status";
    }
    case "assigned": {
      const p = pair(c.assignee);
      return p ? `assigned it to ${p[1] === "nobody" ? "nobody" : p[1]}` : "changed the assignee";
    }
    case "comment":
      return "commented";
    case "escalated":
      return "escalated it to an incident";
    case "linked":
      return Array.isArray(c.alertIds) ? `linked ${c.alertIds.length} alert(s)` : "linked alerts";
    default: {
      const fields = Object.keys(c);
      return fields.length ? `updated ${fields.join(", ")}` : "updated it";
    }
  }
}

export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No activity yet.</p>;
  return (
    <ol className="space-y-4" data-testid="timeline">
      {entries.map((e) => (
        <li key={e.id} className="relative border-l-2 border-slate-200 pl-4 dark:border-slate-700">
          <span aria-hidden className="absolute top-1.5 -left-[5px] size-2 rounded-full bg-sky-600" />
          <p className="text-sm text-slate-800 dark:text-slate-200">
            <span className="font-medium">{e.actorName ?? "System"}</span> {describeEntry(e)}
          </p>
          {e.comment && (
            <p className="mt-1 rounded-md bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap text-slate-800 dark:bg-slate-800/60 dark:text-slate-200">
              {e.comment}
            </p>
          )}
          <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
            <Time iso={e.at} mode="absolute" />
          </p>
        </li>
      ))}
    </ol>
  );
}

/** Adds a comment; the parent's mutation decides where it goes. */
export function CommentForm({ onSubmit }: { onSubmit: (comment: string) => Promise<unknown> }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(text.trim());
      setText("");
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor="comment" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        Add a comment
      </label>
      <textarea
        id="comment"
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className={inputClass}
        placeholder="What did you find? Who did you contact?"
      />
      {error != null && <Notice tone="error">{errorMessage(error)}</Notice>}
      <Button type="submit" size="sm" variant="secondary" loading={busy} disabled={!text.trim()}>
        <MessageSquare aria-hidden className="size-4" /> Comment
      </Button>
    </form>
  );
}

/** The timeline card of a detail page, with the comment box for people who may write. */
export function TimelineCard({
  entries,
  onComment,
}: {
  entries: TimelineEntry[];
  onComment?: (comment: string) => Promise<unknown>;
}) {
  return (
    <Card title="Timeline">
      <Timeline entries={entries} />
      {onComment && (
        <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
          <CommentForm onSubmit={onComment} />
        </div>
      )}
    </Card>
  );
}
