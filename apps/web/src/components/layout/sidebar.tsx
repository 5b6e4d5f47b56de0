import { PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { Logo } from "@/components/ui/logo";
import { cn } from "@/lib/cn";
import { SidebarNav } from "./sidebar-nav";

type SidebarProps = {
  expanded: boolean;
  openId: string | null;
  onOpenChange: (id: string | null) => void;
  onNavigate?: () => void;
  /** Only the docked sidebar at xl and up offers the toggle (spec). */
  onToggle?: () => void;
};

export function Sidebar({ expanded, openId, onOpenChange, onNavigate, onToggle }: SidebarProps) {
  return (
    <div className="flex h-full flex-col bg-slate-900 text-slate-100">
      <div
        className={cn("flex h-[68px] shrink-0 items-center border-b border-slate-800", expanded ? "px-5" : "justify-center px-2")}
      >
        <Logo compact={!expanded} />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-x-hidden overflow-y-auto px-3 py-4 [scrollbar-width:thin]">
        <SidebarNav expanded={expanded} openId={openId} onOpenChange={onOpenChange} onNavigate={onNavigate} />
      </nav>
      {onToggle && (
        <div className="hidden shrink-0 border-t border-slate-800 p-3 xl:block">
          <button
            type="button"
            data-testid="sidebar-toggle"
            onClick={onToggle}
            aria-label={expanded ? "Collapse sidebar" : "Expand sidebar"}
            title={expanded ? "Collapse sidebar" : "Expand sidebar"}
            aria-expanded={expanded}
            className={cn(
              "flex w-full items-center gap-3 rounded-lg py-2 text-sm text-slate-300 hover:bg-slate-800 hover:text-white",
              expanded ? "px-3" : "justify-center",
            )}
          >
            {expanded ? <PanelLeftClose aria-hidden className="size-5" /> : <PanelLeftOpen aria-hidden className="size-5" />}
            {expanded && <span>Collapse</span>}
          </button>
        </div>
      )}
    </div>
  );
}
