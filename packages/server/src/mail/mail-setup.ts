import type { Config } from '../config';
import { startLocalMailbox, type LocalMailbox } from './local-mailbox';
import { createMailer, type Mailer } from './mailer';

// Where the app's e-mail goes: SMTP_URL when it is set; otherwise a mailbox inside this process, so a
// developer (`npm start`) and every test app send real SMTP and can read what was sent.

export type MailSetup = {
  mailer: Mailer;
  /** The in-process mailbox, when mail goes there (no SMTP_URL); null with a real SMTP server. */
  mailbox: LocalMailbox | null;
  close: () => Promise<void>;
};

export const startMail = async (
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl'>,
  options: { onError?: (error: Error) => void } = {},
): Promise<MailSetup> => {
  const base = { from: config.mailFrom, publicUrl: config.publicUrl };
  if (config.smtpUrl) {
    const mailer = createMailer({ ...base, smtp: config.smtpUrl });
    return { mailer, mailbox: null, close: async () => mailer.close() };
  }
  const mailbox = await startLocalMailbox({ onError: options.onError });
  const mailer = createMailer({ ...base, smtp: { host: mailbox.host, port: mailbox.port } });
  return {
    mailer,
    mailbox,
    close: async () => {
      mailer.close();
      await mailbox.close();
    },
  };
};
