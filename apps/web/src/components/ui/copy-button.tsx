import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "./button";

/** Copies a secret shown once; falls back to selecting the text when the clipboard is unavailable. */
export function CopyButton({ value, label = "Copy" }: { value: string; label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  }
  return (
    <Button variant="secondary" size="sm" onClick={copy} aria-live="polite">
      {state === "copied" ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
      {state === "copied" ? "Copied" : state === "failed" ? "Select and copy manually" : label}
    </Button>
  );
}

export function SecretBox({ value, label, note }: { value: string; label: string; note: string }) {
  return (
    <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40">
      <p className="text-sm font-medium text-amber-950 dark:text-amber-100">{label}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          data-testid="secret-value"
          className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1.5 font-mono text-xs text-slate-900 dark:bg-slate-900 dark:text-slate-100"
        >
          {value}
        </code>
        <CopyButton value={value} />
      </div>
      <p className="text-xs text-amber-900 dark:text-amber-200">{note}</p>
    </div>
  );
}
