import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** "sheet" slides in from the right edge (filters on small screens). */
  variant?: "dialog" | "sheet";
  className?: string;
};

/** Radix dialog with the app's look: focus trap, Escape, return focus, a labelled close button. */
export function Modal({ open, onOpenChange, title, description, children, variant = "dialog", className }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-slate-950/50" />
        <Dialog.Content
          className={cn(
            "fixed z-50 flex animate-fade-in flex-col bg-white shadow-xl outline-none dark:bg-slate-900",
            variant === "dialog"
              ? "top-1/2 left-1/2 max-h-[90dvh] w-[min(94vw,520px)] -translate-x-1/2 -translate-y-1/2 rounded-xl"
              : "inset-y-0 right-0 w-[min(92vw,420px)]",
            className,
          )}
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{title}</Dialog.Description>
              )}
            </div>
            <Dialog.Close
              aria-label="Close"
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <X aria-hidden className="size-4" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
