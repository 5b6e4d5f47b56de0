import { Search } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { searchPath } from "@/config/paths";
import { inputClass } from "@/components/ui/field";

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName)));
}

/** Header search: Enter goes to /search?q=; "/" anywhere (outside a field) focuses it. */
export function SearchBox() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [value, setValue] = useState(params.get("q") ?? "");
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target)) {
        const input = inputRef.current;
        if (input && input.offsetParent !== null) {
          event.preventDefault();
          input.focus();
        }
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const q = value.trim();
    if (q) navigate(searchPath(q));
  }

  return (
    <search>
      <form onSubmit={onSubmit} className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
        <input
          ref={inputRef}
          type="search"
          name="q"
          aria-label="Search"
          aria-keyshortcuts="/"
          placeholder="Search by IP, URL, hostname or user"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className={`${inputClass} h-10 bg-slate-50 pr-8 pl-9 dark:bg-slate-800`}
        />
        <kbd
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-2.5 hidden -translate-y-1/2 rounded lg:block border border-slate-300 px-1.5 text-[11px] text-slate-500 dark:border-slate-600"
        >
          /
        </kbd>
      </form>
    </search>
  );
}
