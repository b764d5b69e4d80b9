import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from '../logger.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../dataFiles.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers, e.g. `List-Unsubscribe` on newsletter mail. */
  headers?: Record<string, string>;
}

export interface StoredMail extends Mail {
  id: string;
  sentAt: string;
}

/** The mail port. */
export interface MailTransport {
  readonly kind: 'outbox' | 'smtp';
  send(mail: Mail): Promise<void>;
}

/**
 * Keeps mails in an NDJSON outbox file (shared by every process on the data dir) and logs them.
 * Admins read it at /admin/outbox. The default transport: no mail server needed.
 */
export const outboxTransport = (
  path: string,
  log: Logger,
  now: () => number,
): MailTransport & { list(limit?: number): StoredMail[] } => ({
  kind: 'outbox',
  send(mail) {
    mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
    const stored: StoredMail = { id: crypto.randomUUID(), sentAt: new Date(now()).toISOString(), ...mail };
    appendFileSync(path, JSON.stringify(stored) + '\n', { mode: PRIVATE_FILE_MODE });
    // Subjects and bodies carry one-time codes and reset links: never above debug, and then only the id.
    log.info('mail kept in outbox', { id: stored.id });
    log.debug('mail kept in outbox', { id: stored.id, to: mail.to });
    return Promise.resolve();
  },
  list(limit = 200) {
    if (!existsSync(path)) return [];
    const lines = readFileSync(path, 'utf8').trim().split('\n').filter(Boolean);
    return lines
      .slice(-limit)
      .reverse()
      .map((l) => JSON.parse(l) as StoredMail);
  },
});

/** Sends through an SMTP server with nodemailer (MAIL_TRANSPORT=smtp, SMTP_URL, MAIL_FROM). */
export const smtpTransport = async (url: string, from: string): Promise<MailTransport> => {
  const nodemailer = await import('nodemailer');
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, headers: mail.headers });
    },
  };
};
