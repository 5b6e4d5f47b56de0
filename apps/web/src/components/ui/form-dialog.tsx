import type { FormEvent, ReactNode } from "react";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { Button } from "./button";
import { Modal } from "./modal";
import { Notice } from "./states";

/**
 * The server's message for a field, by its body path ("name", "rule.nameContains"). Given several
 * paths it answers the first that has one; every path asked for counts as shown by a field.
 */
export type FieldErrorOf = (...paths: string[]) => string | undefined;

type FormDialogProps = {
  title: string;
  description?: ReactNode;
  /** Cancel, Escape, the close button and a click outside all close it. */
  onClose: () => void;
  open?: boolean;
  onSubmit: () => void;
  submitLabel: string;
  /** The request in flight: the submit button spins and cannot send it twice. */
  pending?: boolean;
  /** The request's failure: field problems (HTTP 4xx details) go to their fields, the rest above the buttons. */
  error?: unknown;
  testId?: string;
  /** Leave the checks to the server, which names every bad field at once. */
  noValidate?: boolean;
  submitDisabled?: boolean;
  /** More buttons, before Cancel (such as a reset to defaults). */
  actions?: ReactNode;
  /** What the request did: shown instead of the form, with a Done button. */
  done?: ReactNode;
  /**
   * The fields. `errorOf` must be called while building them (not inside a child's render), so
   * that a problem with a field the form does not show (a tenant picker hidden for one tenant)
   * is still said in the notice rather than lost.
   */
  children: (errorOf: FieldErrorOf) => ReactNode;
};

/** A dialog around one form: the title, the fields, Cancel and the submit button, and the server's answer. */
export function FormDialog(props: FormDialogProps) {
  const { title, description, onClose, open = true, done } = props;
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={title} description={description}>
      {done ? (
        <div className="space-y-4">
          {done}
          <div className="flex justify-end">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : (
        <DialogForm {...props} />
      )}
    </Modal>
  );
}

function DialogForm({
  onClose,
  onSubmit,
  submitLabel,
  pending,
  error,
  testId,
  noValidate,
  submitDisabled,
  actions,
  children,
}: FormDialogProps) {
  const fields = error instanceof ApiRequestError ? error.fieldErrors() : {};
  const shown = new Set<string>();
  const errorOf: FieldErrorOf = (...paths) => {
    for (const path of paths) shown.add(path);
    return paths.map((path) => fields[path]).find(Boolean);
  };
  const body = children(errorOf);
  const unshown = Object.entries(fields).filter(([path]) => !shown.has(path));
  const problem = !error
    ? null
    : Object.keys(fields).length === 0
      ? errorMessage(error)
      : unshown.map(([path, message]) => `${path}: ${message}`).join(" ");

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form onSubmit={submit} noValidate={noValidate} className="space-y-4" data-testid={testId}>
      {body}
      {problem && <Notice tone="error">{problem}</Notice>}
      <div className="flex flex-wrap justify-end gap-2">
        {actions}
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={pending} disabled={submitDisabled}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
