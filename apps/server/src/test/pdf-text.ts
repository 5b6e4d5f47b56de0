import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A PDF's text as pdftotext reads it (whitespace folded), each page's text, and the page count
 * pdfinfo gives. Set REPORTS_PDF_DIR to keep the files (to look at them with pdftoppm).
 */
export function pdfText(bytes: Buffer, name: string): { text: string; pageTexts: string[]; pages: number } {
  const dir = process.env.REPORTS_PDF_DIR ?? mkdtempSync(path.join(tmpdir(), "wf-report-"));
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  const raw = execFileSync("pdftotext", [file, "-"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  const fold = (s: string) => s.replace(/\s+/g, " ");
  return {
    text: fold(raw),
    // pdftotext ends every page with a form feed.
    pageTexts: raw.split("\f").slice(0, -1).map(fold),
    pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
  };
}
