import { detectionLimits } from "@watchfloor/shared";
import { unzipSync } from "fflate";

/** One rule file of an upload. */
export interface RuleFile {
  name: string;
  text: string;
}

export class RuleUploadError extends Error {}

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
const isRuleName = (name: string) => /\.ya?ml$/i.test(name) && !name.split("/").some((part) => part.startsWith("."));

/**
 * The YAML files of an upload: the file itself, or every `.yml`/`.yaml` entry of a zip (a
 * SigmaHQ rules folder), within limits on entries, each file's size and the unpacked total.
 * Sizes are the ones the zip declares, and the inflater writes into buffers of that size, so
 * a lying entry cannot unpack to more.
 */
export function ruleFilesOf(bytes: Buffer, filename: string | undefined): RuleFile[] {
  if (!isZip(bytes)) {
    if (bytes.byteLength > detectionLimits.ruleBytes)
      throw new RuleUploadError(`is larger than ${detectionLimits.ruleBytes / 1024} KB; send a zip for many rules`);
    return [{ name: filename ?? "upload.yml", text: textOf(bytes, filename ?? "upload.yml") }];
  }
  let entries = 0;
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (!isRuleName(file.name)) return false;
        entries++;
        total += file.originalSize;
        if (entries > detectionLimits.zipEntries)
          throw new RuleUploadError(`holds more than ${detectionLimits.zipEntries} rule files`);
        if (file.originalSize > detectionLimits.ruleBytes)
          throw new RuleUploadError(`${file.name} is larger than ${detectionLimits.ruleBytes / 1024} KB`);
        if (total > detectionLimits.zipUnpackedBytes)
          throw new RuleUploadError(`unpacks to more than ${detectionLimits.zipUnpackedBytes / 1024 / 1024} MB of rules`);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof RuleUploadError) throw error;
    throw new RuleUploadError(`is not a readable zip file (${(error as Error).message})`);
  }
  const out = Object.entries(files)
    .map(([name, data]) => ({ name, text: textOf(Buffer.from(data), name) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (out.length === 0) throw new RuleUploadError("holds no .yml or .yaml files");
  return out;
}

function textOf(bytes: Buffer, name: string): string {
  const text = bytes.toString("utf8");
  if (text.includes("\uFFFD")) throw new RuleUploadError(`${name} is not UTF-8 text`);
  if (text.includes("\u0000")) throw new RuleUploadError(`${name} contains a NUL character`);
  return text.replace(/^\uFEFF/, "");
}
