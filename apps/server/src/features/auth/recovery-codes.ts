import { randomInt } from "node:crypto";
import { recoveryCodePolicy } from "@watchfloor/shared";
import { sha256 } from "../../lib/tokens";

// No 0/O, 1/I/L: codes are read off paper.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Fresh one-time codes, `xxxxx-xxxxx` (about 49 bits each). */
export function newRecoveryCodes(): string[] {
  const group = () => Array.from({ length: recoveryCodePolicy.groupLength }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return Array.from({ length: recoveryCodePolicy.count }, () => `${group()}-${group()}`);
}

/** What is stored: a hash of the code as typed, ignoring case, spaces and dashes. */
export const recoveryCodeHash = (code: string): string => sha256(code.toLowerCase().replace(/[\s-]/g, ""));
