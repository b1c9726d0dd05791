import { SMTPServer } from 'smtp-server';
import { readMime } from './read-mime';

// A real SMTP server inside this process, on the loopback interface: tests and `npm start` without
// SMTP_URL send their mail here, through the same nodemailer path as production, and can read it back.
// Mails are kept in memory only (the newest `keep`), so it is a development aid, not a mail store.

export type ReceivedMail = {
  /** The SMTP envelope, which is where the mail really went. */
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  receivedAt: string;
  raw: string;
};

export type LocalMailbox = {
  host: string;
  port: number;
  /** Oldest first. */
  list: () => ReceivedMail[];
  clear: () => void;
  close: () => Promise<void>;
};

const maxMessageBytes = 25 * 1024 * 1024;

export const startLocalMailbox = async (
  options: { keep?: number; onError?: (error: Error) => void } = {},
): Promise<LocalMailbox> => {
  const keep = options.keep ?? 200;
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: maxMessageBytes,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const read = readMime(raw);
        const envelopeFrom = session.envelope.mailFrom;
        mails.push({
          from: envelopeFrom ? envelopeFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: read.subject,
          text: read.text,
          html: read.html,
          messageId: read.headers['message-id'] ?? '',
          receivedAt: new Date().toISOString(),
          raw,
        });
        if (mails.length > keep) mails.splice(0, mails.length - keep);
        callback();
      });
    },
  });
  const host = '127.0.0.1';
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  // A client dropping its connection is an 'error' event; without a listener it would end the process.
  server.on('error', (error: Error) => options.onError?.(error));
  return {
    host,
    port,
    list: () => [...mails],
    clear: () => {
      mails.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
