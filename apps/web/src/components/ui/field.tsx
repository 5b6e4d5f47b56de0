import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from "react";
import { cn } from "@/lib/cn";

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-600/30 disabled:bg-slate-100 disabled:text-slate-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:disabled:bg-slate-800 dark:disabled:text-slate-300";

/** A file picker styled like the other inputs, with a button-like "Choose file". */
export const fileInputClass = `${inputClass} file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-2 file:py-1 file:text-sm file:font-medium dark:file:bg-slate-800 dark:file:text-slate-100`;

type FieldShellProps = {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (ids: { id: string; describedBy?: string }) => ReactNode;
};

/** Label, control, hint and error wired together with ids so screen readers announce them. */
export function FieldShell({ label, error, hint, children }: FieldShellProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children({ id, describedBy })}
      {hint && (
        <div id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400" data-field-error>
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: ReactNode };

export function TextField({ label, error, hint, className, ...rest }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(inputClass, error && "border-red-600 dark:border-red-500", className)}
          {...rest}
        />
      )}
    </FieldShell>
  );
}

type DateFieldProps = Omit<TextFieldProps, "type" | "value" | "onChange"> & { value: string; onChange: (day: string) => void };

/** A day ("2026-03-01"): a due date or an expiry, picked without a time of day. */
export function DateField({ onChange, ...rest }: DateFieldProps) {
  return <TextField type="date" onChange={(e) => onChange(e.target.value)} {...rest} />;
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string; hint?: ReactNode };

export function SelectField({ label, error, hint, className, children, ...rest }: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(inputClass, "pr-8", className)}
          {...rest}
        >
          {children}
        </select>
      )}
    </FieldShell>
  );
}

type TenantSelectFieldProps = Omit<SelectFieldProps, "children"> & {
  tenants: readonly { id: string; name: string }[];
  /** A first choice for no tenant in particular ("All tenants"), with the value "". */
  allLabel?: string;
};

/** The tenant (or client) picker of a form or filter bar: one option per tenant, by name. */
export function TenantSelectField({ tenants, allLabel, ...rest }: TenantSelectFieldProps) {
  return (
    <SelectField {...rest}>
      {allLabel !== undefined && <option value="">{allLabel}</option>}
      {tenants.map((t) => (
        <option key={t.id} value={t.id}>
          {t.name}
        </option>
      ))}
    </SelectField>
  );
}

type FormTenantFieldProps = {
  tenants: readonly { id: string; name: string }[];
  value: string;
  onChange: (tenantId: string) => void;
  error?: string;
  label?: string;
};

/**
 * The tenant a form writes to. With one tenant there is nothing to choose, so no picker shows and
 * the form sends that one; a problem the server finds with it is still said where it would be.
 */
export function FormTenantField({ tenants, value, onChange, error, label = "Tenant" }: FormTenantFieldProps) {
  if (tenants.length < 2) {
    return error ? (
      <p className="text-sm text-red-700 dark:text-red-400" data-field-error>
        {label}: {error}
      </p>
    ) : null;
  }
  return (
    <TenantSelectField label={label} value={value} onChange={(e) => onChange(e.target.value)} error={error} tenants={tenants} />
  );
}

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: ReactNode };

export function TextareaField({ label, error, hint, className, ...rest }: TextareaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(inputClass, error && "border-red-600 dark:border-red-500", className)}
          {...rest}
        />
      )}
    </FieldShell>
  );
}

/** A checkbox with its sentence beside it: an option of an upload or a form. */
export function CheckboxField({
  checked,
  disabled,
  onChange,
  children,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300">
      <input
        type="checkbox"
        className="mt-0.5 size-4 accent-sky-700"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}
