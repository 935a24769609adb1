// Outgoing e-mail through nodemailer. With SMTP_URL it sends through that server; without it
// each message is written as an .eml file to <DATA_DIR>/outbox so alerts are visible locally.
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config.js";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (a team's daily feed), as nodemailer takes them. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the start-up banner. */
  describe(): string;
}

export function createMailer(config: Pick<Config, "smtpUrl" | "mailFrom" | "dataDir">): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: config.mailFrom, ...m });
      },
      describe: () => `SMTP ${new URL(config.smtpUrl!).host}`,
    };
  }
  const outbox = path.join(config.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: config.mailFrom, ...m });
      fs.mkdirSync(outbox, { recursive: true });
      const safeTo = m.to.replace(/[^a-z0-9@._-]/gi, "_");
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeTo}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
    },
    describe: () => `files in ${outbox}`,
  };
}
