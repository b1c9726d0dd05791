import { DateTime } from 'luxon';
import type { EmailContent } from '../communications';
import { escapeHtml } from '../tracking';

// One plain layout for every e-mail we send, written once as HTML and once as text. Everything that comes
// from data (names, notes) is escaped here, so templates only choose blocks.

export type EmailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'quote'; text: string }
  | { kind: 'button'; label: string; href: string };

const paragraphHtml = (text: string): string =>
  `<p style="margin:0 0 16px">${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;

const blockHtml = (block: EmailBlock): string => {
  if (block.kind === 'paragraph') return paragraphHtml(block.text);
  if (block.kind === 'quote') {
    return `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #1976d2;background:#f5f7fa">${paragraphHtml(block.text)}</blockquote>`;
  }
  return `<p style="margin:24px 0"><a href="${escapeHtml(block.href)}" style="background:#1976d2;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(block.label)}</a></p>`;
};

const blockText = (block: EmailBlock): string => {
  if (block.kind === 'paragraph') return block.text;
  if (block.kind === 'quote') return block.text.replace(/^/gm, '> ');
  return `${block.label}: ${block.href}`;
};

export const renderEmail = (email: {
  subject: string;
  heading: string;
  blocks: EmailBlock[];
}): EmailContent => ({
  subject: email.subject,
  html: [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#222222">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(email.heading)}</h1>`,
    ...email.blocks.map(blockHtml),
    '</body></html>',
  ].join('\n'),
  text: [email.heading, '', ...email.blocks.map(blockText).flatMap((t) => [t, ''])].join('\n').trimEnd(),
});

/** A time as the client reads it: in the branch's zone, e.g. 'Tue 4 Mar 2025, 5:00 pm AEDT'. */
export const formatEmailTime = (at: Date, timeZone: string): string =>
  DateTime.fromJSDate(at).setZone(timeZone).setLocale('en-AU').toFormat('ccc d LLL yyyy, h:mm a ZZZZ');
