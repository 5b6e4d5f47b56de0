/**
 * Finds where a JSON text stops being valid. V8's JSON.parse messages give a position only for
 * some errors ("Unexpected token '}', ... is not valid JSON" has none), and an import report
 * must name the line, so this small scanner walks the grammar and returns the first bad offset
 * (or -1 when the text is valid).
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i] as string)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail();
  };
  const string = () => {
    i++; // opening quote
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail();
      if (text[i] === "\\") {
        i++;
        if (text[i] === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? "x")) fail();
      }
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0] === "" || m[0] === "-") fail();
    i += m?.[0].length ?? 0;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === "{") container("}", true);
    else if (ch === "[") container("]", false);
    else if (ch === '"') string();
    else if (ch === "t") literal("true");
    else if (ch === "f") literal("false");
    else if (ch === "n") literal("null");
    else number();
  };
  const container = (close: string, keyed: boolean) => {
    i++;
    ws();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      if (keyed) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ":") fail();
        i++;
      }
      value();
      ws();
      if (text[i] === ",") i++;
      else if (text[i] === close) {
        i++;
        return;
      } else fail();
    }
  };
  try {
    value();
    ws();
    return i < text.length ? i : -1;
  } catch (offset) {
    return offset as number;
  }
}
