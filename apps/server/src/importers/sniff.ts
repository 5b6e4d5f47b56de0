/**
 * Every importer reads text (CSV, JSON, XML, TSV). A file whose first bytes are not text is
 * refused before any row is read: random or binary bytes would otherwise become hundreds of
 * thousands of "rows", each rejected and kept in quarantine (issue 13, finding 4).
 */

// C0 controls a text export does not hold (tab, line feed, form feed and carriage return are fine).
const isStrayControl = (code: number) => code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d;
/**
 * Share of NUL bytes above which the head is not text: UTF-16 without its byte-order mark is
 * half NULs and binary formats hold runs of them, while a text export holds at most a stray one
 * in a row (refused per row).
 */
const MAX_NUL_SHARE = 0.05;
/** Share of stray control characters above which the head is not text. */
const MAX_CONTROL_SHARE = 0.01;

/**
 * Why the head of a file (its first bytes; `complete` when that is the whole file) is not UTF-8
 * text, or null when it is. The reason completes "The file was rejected whole: ...".
 */
export function unreadableTextReason(head: Uint8Array, complete: boolean): string | null {
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) {
    return "it is UTF-16 text, not UTF-8; save or export it as UTF-8 and upload it again";
  }
  // A NUL is a control character like the others here: a binary file is full of them, while one
  // in a row of an export is that row's problem (refused per row with the field named, issue 13
  // finding 6), not a reason to refuse the file.
  let text: string;
  try {
    // `stream` lets a character cut by the end of the head pass; a whole file must end cleanly.
    text = new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: !complete });
  } catch {
    return `it is not UTF-8 text: its first ${head.length.toLocaleString("en")} bytes hold invalid UTF-8 sequences`;
  }
  let controls = 0;
  let nuls = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) nuls++;
    else if (isStrayControl(code)) controls++;
  }
  if (text.length > 0 && (controls / text.length > MAX_CONTROL_SHARE || nuls / text.length > MAX_NUL_SHARE)) {
    return `it is not text: too many of its first ${text.length.toLocaleString("en")} characters are control characters or NUL bytes (a binary or compressed file?)`;
  }
  return null;
}
