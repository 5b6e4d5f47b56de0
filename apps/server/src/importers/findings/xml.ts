import { SaxesParser } from "saxes";
import { ImportFileError, type ImportSource } from "./types";

/** A captured XML element: attributes, direct text (text and CDATA), children in order. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlElement[];
  line: number;
}

export type XmlEvent =
  | { kind: "open"; name: string; attrs: Record<string, string>; line: number }
  | { kind: "element"; element: XmlElement };

export interface XmlReadOptions {
  /** Root element names that make this the expected document; anything else is not this format. */
  roots: string[];
  formatName: string;
  /** Elements to build whole (only the outermost when nested); everything else streams past. */
  capture(name: string, parent: string | undefined): boolean;
  /** Elements whose opening tag is reported (to carry context such as the current host). */
  opens?: string[];
}

async function* withNewlines(lines: AsyncIterable<string>): AsyncIterable<string> {
  for await (const line of lines) yield `${line}\n`;
}

/**
 * Streams an XML document through a SAX parser and yields captured elements as each one closes,
 * so memory stays bounded by the largest captured element rather than the file. A source that
 * offers `chunks()` is fed in 64 KB pieces (a line at a time costs more in async iteration than
 * the parsing itself on big reports); plain lines are fed one by one.
 * Malformed XML, a wrong root or a truncated document make the whole file unreadable.
 */
export async function* readXml(input: ImportSource | AsyncIterable<string>, options: XmlReadOptions): AsyncIterable<XmlEvent> {
  const source = input as Partial<ImportSource>;
  const pieces =
    typeof source.lines === "function"
      ? (source.chunks?.() ?? withNewlines(source.lines()))
      : withNewlines(input as AsyncIterable<string>);
  const parser = new SaxesParser({ position: true });
  const names: string[] = [];
  const building: XmlElement[] = []; // the captured element and its open descendants
  let queue: XmlEvent[] = [];
  let sawRoot = false;

  parser.on("opentag", (tag) => {
    const attrs = tag.attributes as Record<string, string>;
    const parent = names[names.length - 1];
    if (!sawRoot) {
      sawRoot = true;
      if (!options.roots.includes(tag.name)) {
        throw new ImportFileError(`Not a ${options.formatName} document: the root element is <${tag.name}>`, parser.line);
      }
    }
    names.push(tag.name);
    if (options.opens?.includes(tag.name)) queue.push({ kind: "open", name: tag.name, attrs, line: parser.line });
    if (building.length > 0 || options.capture(tag.name, parent)) {
      const element: XmlElement = { name: tag.name, attrs, text: "", children: [], line: parser.line };
      building[building.length - 1]?.children.push(element);
      building.push(element);
    }
  });
  const addText = (value: string) => {
    const current = building[building.length - 1];
    if (current) current.text += value;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", () => {
    names.pop();
    const element = building.pop();
    if (element && building.length === 0) queue.push({ kind: "element", element });
  });

  const fail = (error: unknown, line: number): never => {
    if (error instanceof ImportFileError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new ImportFileError(`Malformed ${options.formatName} XML: ${message}`, line);
  };
  for await (const text of pieces) {
    try {
      parser.write(text);
    } catch (error) {
      fail(error, parser.line);
    }
    const ready = queue;
    queue = [];
    yield* ready;
  }
  try {
    parser.close();
  } catch (error) {
    fail(error, parser.line);
  }
  if (!sawRoot) throw new ImportFileError(`Empty ${options.formatName} document: no root element`);
  yield* queue;
}

/** The first child with this name. */
export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => c.name === name);
}

/** Trimmed text of a child (or nested path "a/b"); undefined when missing or blank. */
export function childText(element: XmlElement | undefined, path: string): string | undefined {
  let current = element;
  for (const part of path.split("/")) current = child(current, part);
  const value = current?.text.trim();
  return value ? value : undefined;
}

export function childTexts(element: XmlElement, name: string): string[] {
  return element.children
    .filter((c) => c.name === name)
    .map((c) => c.text.trim())
    .filter(Boolean);
}

/** A plain object for `raw`: attributes under "@", text under "#text", repeated children as arrays. */
export function toPlain(element: XmlElement): unknown {
  const text = element.text.trim();
  if (element.children.length === 0 && Object.keys(element.attrs).length === 0) return text;
  const out: Record<string, unknown> = {};
  if (Object.keys(element.attrs).length > 0) out["@"] = element.attrs;
  if (text) out["#text"] = text;
  for (const c of element.children) {
    const value = toPlain(c);
    const existing = out[c.name];
    if (existing === undefined) out[c.name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else out[c.name] = [existing, value]; // toPlain never returns an array, so an array here is ours
  }
  return out;
}
