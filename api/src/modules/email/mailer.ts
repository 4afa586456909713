import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer | Readable | string;
  contentType?: string;
}

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** A stable Message-ID, so a receiver can recognise a resent message. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Where messages go as .eml files when no SMTP server is configured (development). */
  mailDir: string;
  log: FastifyBaseLogger;
}

/** Real SMTP when SMTP_URL is set; otherwise every message becomes an .eml file. */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    // Pooled: the connection stays open for the next message (closed after 4 idle minutes), so
    // a message costs its own commands, not a connection, a greeting, EHLO, TLS and AUTH.
    const transport = nodemailer.createTransport({ url: options.smtpUrl, pool: true });
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.mailDir, { recursive: true });
      const file = path.join(
        options.mailDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      // No addresses or subjects in the log: only that a message was written.
      options.log.info(
        { file: path.basename(file) },
        'email written to the mail folder (no SMTP_URL set)',
      );
    },
    close: () => transport.close(),
  };
}
