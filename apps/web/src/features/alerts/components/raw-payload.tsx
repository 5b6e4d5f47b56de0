import { ChevronRight } from "lucide-react";
import { CopyButton } from "@/components/ui/copy-button";

/** The original payload as the source sent it, pretty-printed; collapsed by default (it can be long). */
export function RawPayload({ raw }: { raw: unknown }) {
  const json = raw === null || raw === undefined ? null : JSON.stringify(raw, null, 2);
  return (
    <details className="group rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-5 py-4 text-base font-semibold text-slate-900 dark:text-white">
        <ChevronRight aria-hidden className="size-4 transition-transform group-open:rotate-90" />
        Raw payload
        <span className="text-xs font-normal text-slate-600 dark:text-slate-400">original, as received</span>
      </summary>
      <div className="border-t border-slate-200 px-5 py-4 dark:border-slate-800">
        {json ? (
          <>
            <div className="mb-2 flex justify-end">
              <CopyButton value={json} label="Copy JSON" />
            </div>
            <pre
              className="max-h-[28rem] overflow-auto rounded-md bg-slate-950 p-4 font-mono text-xs leading-relaxed text-slate-100"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block must be reachable by keyboard (axe scrollable-region-focusable)
              tabIndex={0}
            >
              {json}
            </pre>
          </>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">The source sent no payload.</p>
        )}
      </div>
    </details>
  );
}
