import nodemailer, { type Transporter } from "nodemailer";

/** One message: report mail carries its PDF; automation notices are text only. */
export interface Mail {
  to: string[];
  subject: string;
  text: string;
  attachment?: { fileName: string; content: Buffer };
}

/** The job kind of queued mail (registered in background-work.ts): retried with the runner's backoff. */
export const MAIL_JOB = "mail";

const transports = new Map<string, Transporter>();

/** One transport per SMTP URL (nodemailer opens a connection per message). */
function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    // Short timeouts (unless the URL sets its own): a dead mail server fails the attempt, and
    // the job retries later, rather than holding the job runner for minutes.
    const withTimeouts = new URL(url);
    for (const [key, ms] of [
      ["connectionTimeout", "10000"],
      ["greetingTimeout", "10000"],
      ["socketTimeout", "30000"],
    ] as const)
      if (!withTimeouts.searchParams.has(key)) withTimeouts.searchParams.set(key, ms);
    transport = nodemailer.createTransport(withTimeouts.href);
    transports.set(url, transport);
  }
  return transport;
}

/** Sends one message by SMTP (WATCHFLOOR_SMTP_URL); throws with the server's answer when it refuses. */
export async function sendMail(smtpUrl: string, from: string, mail: Mail): Promise<string> {
  const info = await transportFor(smtpUrl).sendMail({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    attachments: mail.attachment
      ? [{ filename: mail.attachment.fileName, content: mail.attachment.content, contentType: "application/pdf" }]
      : [],
  });
  const refused = [...(info.rejected ?? [])].map(String);
  if (refused.length) throw new Error(`the mail server refused ${refused.join(", ")}`);
  return String(info.messageId ?? "");
}
