import { BRANDING_LOGO_MAX_BYTES, type Branding } from "@watchfloor/shared";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { fileInputClass, FieldShell, TextField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useBranding, useSetBranding } from "../api/branding";

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function BrandingForm({ initial }: { initial: Branding }) {
  const save = useSetBranding();
  const [name, setName] = useState(initial.providerName ?? "");
  const [logo, setLogo] = useState(initial.logo);
  const [fileError, setFileError] = useState<string>();
  const fields = save.error instanceof ApiRequestError ? save.error.fieldErrors() : {};

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    setFileError(undefined);
    const file = event.target.files?.[0];
    if (!file) return;
    if (!["image/png", "image/jpeg"].includes(file.type)) return setFileError("Choose a PNG or JPEG image.");
    if (file.size > BRANDING_LOGO_MAX_BYTES)
      return setFileError(`The logo is ${Math.round(file.size / 1024)} KB; at most 256 KB.`);
    setLogo(await readDataUrl(file));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ providerName: name.trim() || null, logo });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-4" aria-label="Report branding">
      {save.isError && !fields.providerName && !fields.logo && <Notice tone="error">{errorMessage(save.error)}</Notice>}
      {save.isSuccess && <Notice tone="success">Saved. New report PDFs carry it on their cover.</Notice>}
      <TextField
        label="Provider name"
        hint="Shown above the title of every report PDF and in its footer; empty shows the product's name."
        value={name}
        maxLength={80}
        onChange={(e) => setName(e.target.value)}
        error={fields.providerName}
      />
      <FieldShell
        label="Logo"
        hint="PNG or JPEG, at most 256 KB; drawn at most 160 × 48 points on the cover."
        error={fileError ?? fields.logo}
      >
        {({ id, describedBy }) => (
          <input
            id={id}
            aria-describedby={describedBy}
            type="file"
            accept="image/png,image/jpeg"
            className={fileInputClass}
            onChange={onFile}
          />
        )}
      </FieldShell>
      {logo && (
        <div className="flex items-center gap-4">
          <img
            src={logo}
            alt="The logo report covers will carry"
            className="max-h-12 max-w-40 rounded border border-slate-200 bg-white p-1 dark:border-slate-700"
          />
          <Button type="button" variant="ghost" size="sm" onClick={() => setLogo(null)}>
            Remove logo
          </Button>
        </div>
      )}
      <Button type="submit" loading={save.isPending}>
        Save branding
      </Button>
    </form>
  );
}

/** Platform admins: the provider's name and logo on report covers. */
export function BrandingTab() {
  const branding = useBranding();
  return (
    <Card title="Report branding">
      {branding.isPending ? (
        <LoadingState label="Loading the branding" />
      ) : branding.isError ? (
        <ErrorState error={branding.error} onRetry={() => branding.refetch()} />
      ) : (
        <BrandingForm initial={branding.data} />
      )}
    </Card>
  );
}
