import type { FileCategory } from '../../enums';
import { fileExtension } from './file-names';

// How the file viewer and attachment lists treat a file, by extension (collection-views §5).

export type ViewerKind = 'html' | 'image' | 'model' | 'download';

const imageExtensions = ['jpg', 'jpeg', 'png'];
const modelExtensions = ['ply', 'stl'];
const audioExtensions = ['aac', 'mp4'];

export const viewerKindOf = (name: string): ViewerKind => {
  const extension = fileExtension(name);
  if (extension === 'html') return 'html';
  if (imageExtensions.includes(extension)) return 'image';
  if (modelExtensions.includes(extension)) return 'model';
  return 'download';
};

/** In attachment lists aac and mp4 play as audio. */
export const isAudioFile = (name: string): boolean => audioExtensions.includes(fileExtension(name));

export const isImageFile = (name: string): boolean => viewerKindOf(name) === 'image';

/** The file types whose images may be edited (blurred) in the image editor. */
export const editableImageTypes = [
  'internal_file',
  'order_file',
  'approval_file',
  'outsource_received_file',
  'outsource_sent_file',
  'note_attachment',
  'message_attachment',
] as const satisfies readonly FileCategory[];
export type EditableImageType = (typeof editableImageTypes)[number];

export const canEditImage = (name: string, type: string): boolean =>
  isImageFile(name) && (editableImageTypes as readonly string[]).includes(type);

/** Restoring the original of a blurred image: admin or a DESIGN employee (domain-decisions 'Roles'). */
export const canRestoreImage = (user: { admin: boolean; department: string }): boolean =>
  user.admin || user.department === 'DESIGN';

/** What the browser may show inline rather than save: only what the viewer shows itself. */
export const isInlineViewable = (name: string): boolean =>
  viewerKindOf(name) !== 'download' || isAudioFile(name);
