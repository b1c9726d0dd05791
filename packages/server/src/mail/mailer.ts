import nodemailer from 'nodemailer';

// Sending e-mail: nodemailer over SMTP. The mailer also knows the public address, because every mail's
// links and tracking pixel point back at this server.

export type OutgoingMail = { to: string; subject: string; html: string; text: string };

export type Mailer = {
  /** The From header of every mail (MAIL_FROM). */
  from: string;
  /** PUBLIC_URL without a trailing slash: links, the portal address and tracking point here. */
  publicUrl: string;
  /** Resolves with the id the SMTP server accepted the message under; rejects when it refused it. */
  send: (mail: OutgoingMail) => Promise<{ messageId: string }>;
  close: () => void;
};

export type MailerOptions = {
  /** smtp://user:pass@host:port (smtps:// for implicit TLS), or the host and port of a local mailbox. */
  smtp: string | { host: string; port: number };
  from: string;
  publicUrl: string;
};

// A send must give up well before its job expires (300 s): a job retried while the first send still
// runs would mail the client twice. 30 + 30 + 120 s stays under it.
const timeouts = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 120_000 };

export const createMailer = (options: MailerOptions): Mailer => {
  const transport =
    typeof options.smtp === 'string'
      ? nodemailer.createTransport({ url: options.smtp, ...timeouts })
      : // The in-process mailbox speaks plain SMTP on the loopback interface only.
        nodemailer.createTransport({
          host: options.smtp.host,
          port: options.smtp.port,
          secure: false,
          ignoreTLS: true,
          ...timeouts,
        });
  return {
    from: options.from,
    publicUrl: options.publicUrl,
    send: async (mail) => {
      const info = await transport.sendMail({ from: options.from, ...mail });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
};
