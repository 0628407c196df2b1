import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; html: string };
export type Mailer = { send(message: MailMessage): Promise<void> };

/** SMTP when `smtpUrl` is set; otherwise each message is written as an .eml file under `outboxDir`. */
export function createMailer({
  smtpUrl,
  from,
  outboxDir,
}: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
}): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await writeFile(file, info.message as Buffer);
      console.info(`mail to ${message.to} written to ${file}`);
    },
  };
}
