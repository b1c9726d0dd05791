import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { isAudioFile, isImageFile } from '@lab/domain';
import type { FileViewerEditor } from './file-viewer-dialog';
import { LazyFileViewerDialog } from './lazy-file-viewer-dialog';
import { useOneTimeFile } from './one-time-file';

// A row of files as the spec's attachment list shows them (collection-views §2 'Message attachments
// list'): images as thumbnails at most 200 px wide, aac and mp4 as inline audio, anything else as a link;
// each opens in the file viewer. Where the addresses come from is the caller's: a staff call, or the
// customer portal's file call. Every address works once, so each use asks for a new one.

export type GalleryFile = { key: string; fileName: string };

export type FileGalleryProps<File extends GalleryFile> = {
  files: readonly File[];
  /** A fresh one-time address of the file; called once per thumbnail, player and viewer load. */
  loadUrl: (file: File) => Promise<string>;
  /** The viewer's image editor for a file, when the viewer may edit it. */
  editorFor?: ((file: File, close: () => void) => FileViewerEditor | undefined) | undefined;
};

const mimeOf = (name: string): string => (isAudioFile(name) ? 'audio/mp4' : '');

type ItemProps = { fileName: string; loadUrl: () => Promise<string> };

const Thumbnail = ({ fileName, loadUrl, onOpen }: ItemProps & { onOpen: () => void }) => {
  const { load } = useOneTimeFile(loadUrl, '');
  return (
    <ButtonBase onClick={onOpen} aria-label={`Open ${fileName}`} sx={{ borderRadius: 1 }}>
      {load.status === 'loaded' ? (
        <Box
          component="img"
          src={load.objectUrl}
          alt={fileName}
          sx={{ maxWidth: 200, maxHeight: 200, borderRadius: 1, display: 'block' }}
        />
      ) : load.status === 'loading' ? (
        <CircularProgress size={24} aria-label={`Loading ${fileName}`} />
      ) : (
        <Chip icon={<AttachFileIcon />} label={fileName} />
      )}
    </ButtonBase>
  );
};

const InlineAudio = ({ fileName, loadUrl }: ItemProps) => {
  const { load } = useOneTimeFile(loadUrl, mimeOf(fileName));
  if (load.status !== 'loaded') return <Chip icon={<AttachFileIcon />} label={fileName} />;
  return <audio controls src={load.objectUrl} aria-label={fileName} style={{ maxWidth: 280 }} />;
};

export const FileGallery = <File extends GalleryFile>({
  files,
  loadUrl,
  editorFor,
}: FileGalleryProps<File>) => {
  const [open, setOpen] = useState<File | null>(null);
  const close = () => setOpen(null);
  const editor = open && editorFor ? editorFor(open, close) : undefined;

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
      {files.map((file) => {
        if (isImageFile(file.fileName)) {
          return (
            <Thumbnail
              key={file.key}
              fileName={file.fileName}
              loadUrl={() => loadUrl(file)}
              onOpen={() => setOpen(file)}
            />
          );
        }
        if (isAudioFile(file.fileName)) {
          return <InlineAudio key={file.key} fileName={file.fileName} loadUrl={() => loadUrl(file)} />;
        }
        return (
          <Chip
            key={file.key}
            icon={<AttachFileIcon />}
            label={file.fileName}
            onClick={() => setOpen(file)}
            variant="outlined"
          />
        );
      })}
      {open && (
        <LazyFileViewerDialog
          open
          fileName={open.fileName}
          loadUrl={() => loadUrl(open)}
          onClose={close}
          {...(editor ? { editor } : {})}
        />
      )}
    </Stack>
  );
};
