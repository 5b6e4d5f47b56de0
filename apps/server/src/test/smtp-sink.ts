import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A real SMTP server on loopback that keeps what it receives (report mail tests). */
export interface SmtpSink {
  url: string;
  messages: ParsedMail[];
  /** The next `n` messages are refused with a temporary error (451), as a busy server would. */
  refuseNext(n: number): void;
  /** Resolves when at least `n` messages have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS (no certificate to trust) and no sign-in.
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        stream.resume();
        const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
        stream.on("end", () => callback(error));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    refuseNext: (n) => {
      refusals = n;
    },
    waitFor: async (n, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < n) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${n} messages, have ${messages.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
