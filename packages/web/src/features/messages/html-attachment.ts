import { viewerKindOf } from '@lab/domain';

// An HTML attachment is usually a design viewer exported by the CAD software. Before upload its
// branding placeholders are filled in by plain text replacement (case-workspace §7: "rebrand an embedded
// viewer page by text replacement of colours and titles"); nothing else in the page is touched. A file
// that cannot be read as text aborts the send with 'Failed to process the HTML file.'.

export type ViewerBranding = { title: string; primaryColour: string };

export const isHtmlAttachment = (file: Pick<File, 'name'>): boolean => viewerKindOf(file.name) === 'html';

const placeholdersOf = (branding: ViewerBranding): [string, string][] => [
  ['{{PRODUCT_TITLE}}', branding.title],
  ['{{PRIMARY_COLOUR}}', branding.primaryColour],
  ['{{PRIMARY_COLOR}}', branding.primaryColour],
];

/** The page's text with every placeholder replaced. */
export const rebrandHtml = (html: string, branding: ViewerBranding): string =>
  placeholdersOf(branding).reduce((text, [placeholder, value]) => text.replaceAll(placeholder, value), html);

/** The rewritten HTML file under the same name; throws when the file is not readable text. */
export const rewriteHtmlAttachment = async (file: File, branding: ViewerBranding): Promise<File> => {
  const text = await file.text();
  // A NUL byte means this is no HTML page (the server's content check would refuse it anyway).
  if (text.includes('\u0000')) throw new Error(`${file.name} is not a text file`);
  return new File([rebrandHtml(text, branding)], file.name, {
    type: 'text/html',
    lastModified: file.lastModified,
  });
};

/** The files to upload: HTML ones rewritten, the rest as they are. */
export const prepareAttachments = (files: readonly File[], branding: ViewerBranding): Promise<File[]> =>
  Promise.all(files.map((file) => (isHtmlAttachment(file) ? rewriteHtmlAttachment(file, branding) : file)));
