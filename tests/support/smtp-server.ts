import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The attached files' names. */
  attachments: string[];
}

export interface TestSmtpServer {
  /** For SMTP_URL. */
  url: string;
  /** Every mail received so far. */
  received: ReceivedMail[];
  /** The next `count` mails are refused with a temporary failure (451), as a busy server does; how many were. */
  refuseNext(count: number): void;
  readonly refused: number;
  /** Refuses this address for good (550 at RCPT TO), as a server does for a mailbox that does not exist. */
  refuseRecipient(address: string): void;
  /** The next mail to this address not yet taken; rejects after the timeout. */
  nextMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /**
   * Leaves the mails arriving from now on unanswered until release(), as a slow server would: their
   * senders wait meanwhile. `arrived` resolves once one such mail is held.
   */
  hold(): { arrived: Promise<void>; release(): void };
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port, keeping every mail it receives, parsed. `acceptDelayMs`: it
 * answers each mail this late, as a busy server does; a mail whose sender hung up meanwhile is not
 * kept, as a real server does not deliver a mail it never confirmed.
 */
export async function startSmtpServer({ acceptDelayMs = 0 } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  let held: { arrived: () => void; released: Promise<void> } | null = null;
  let toRefuse = 0;
  let refused = 0;
  const unknownRecipients = new Set<string>();
  const closedSessions = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onClose(session) {
      closedSessions.add(session.id);
    },
    onRcptTo(address, _session, callback) {
      if (!unknownRecipients.has(address.address)) return callback();
      callback(Object.assign(new Error('Boîte aux lettres inconnue'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      if (toRefuse > 0) {
        toRefuse -= 1;
        refused += 1;
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Service temporairement indisponible'), { responseCode: 451 })),
        );
        return;
      }
      simpleParser(stream).then(
        async (mail) => {
          if (held) {
            held.arrived();
            await held.released;
          }
          if (acceptDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, acceptDelayMs));
          if (closedSessions.has(session.id)) return callback(new Error('connection closed'));
          const to = [mail.to ?? []].flat().flatMap(({ value }) => value.map(({ address }) => address ?? ''));
          received.push({
            to: to.join(', '),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: mail.html || '',
            attachments: mail.attachments.map(({ filename }) => filename ?? ''),
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count) {
      toRefuse = count;
    },
    get refused() {
      return refused;
    },
    refuseRecipient(address) {
      unknownRecipients.add(address);
    },
    async nextMail(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((candidate) => candidate.to === to && !taken.has(candidate));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    hold() {
      let arrived = () => {};
      let release = () => {};
      const arrival = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      held = { arrived, released };
      return {
        arrived: arrival,
        release() {
          held = null;
          release();
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first absolute link of a mail's text. */
export function linkIn(mail: ReceivedMail): URL {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in the mail "${mail.subject}":\n${mail.text}`);
  return new URL(match[0]);
}
