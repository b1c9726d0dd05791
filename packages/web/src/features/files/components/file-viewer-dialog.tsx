import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import { lazy, useEffect, useId, useRef, useState } from 'react';
import { displayFileName, fileExtension, viewerKindOf, type ViewerKind } from '@lab/domain';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { LazyPartBoundary } from '../../../components/lazy-part-boundary';
import { isModelExtension } from './model-extension';
import { useOneTimeFile, type FileLoad } from './one-time-file';

// three.js and the editor are large and rarely needed: separate chunks, fetched on first use.
const ModelViewer = lazy(() => import('./model-viewer').then((module) => ({ default: module.ModelViewer })));
const ImageEditor = lazy(() => import('./image-editor').then((module) => ({ default: module.ImageEditor })));

export type FileViewerEditor = {
  canRestore: boolean;
  isBlurred: boolean;
  onSave: (png: Blob) => Promise<void>;
  onRestore: () => Promise<void>;
};

export type FileViewerDialogProps = {
  open: boolean;
  fileName: string;
  /** Gets a one-time address of the file (file_link, attachment url); called once per load. */
  loadUrl: () => Promise<string>;
  onClose: () => void;
  /** Offered for images the user may blur (§5 'editing allowed only for images of types …'). */
  editor?: FileViewerEditor;
};

export const fileViewerTexts = {
  noPreview: 'We cannot preview this type of file...',
  smallScreenHtml: 'Please use the button below to view your design.',
  imageLoadFailed: 'Image load failed',
  imageFetchFailed: 'Failed to fetch image at',
  fileLoadFailed: 'The file could not be loaded',
} as const;

const contentTypes: Record<string, string> = {
  html: 'text/html',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A design opened in its own tab still runs sandboxed: the tab shows a script-free page of ours whose
 * only content is the same `sandbox="allow-scripts"` frame, so the design never runs with our origin.
 */
const createSandboxPage = (designUrl: string, title: string): string => {
  const page = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>html,body{margin:0;height:100%}iframe{display:block;border:0;width:100%;height:100%}</style>
</head><body><iframe sandbox="allow-scripts" src="${escapeHtml(designUrl)}"></iframe></body></html>`;
  return URL.createObjectURL(new Blob([page], { type: 'text/html' }));
};

const LoadingView = ({ progress }: { progress: number | null }) => (
  <Stack spacing={2} sx={{ alignItems: 'center', justifyContent: 'center', height: '100%', p: 4 }}>
    <Box sx={{ width: 'min(360px, 80%)' }}>
      <LinearProgress
        aria-label="Loading file"
        variant={progress === null ? 'indeterminate' : 'determinate'}
        value={progress === null ? undefined : Math.round(progress * 100)}
      />
    </Box>
    <Typography color="text.secondary">
      {progress === null ? 'Loading…' : `Loading… ${Math.round(progress * 100)}%`}
    </Typography>
  </Stack>
);

type HtmlViewProps = { objectUrl: string; title: string; onOpenInTab: () => void };

const HtmlView = ({ objectUrl, title, onOpenInTab }: HtmlViewProps) => {
  const theme = useTheme();
  const isSmallScreen = useMediaQuery(theme.breakpoints.down('sm'));
  if (isSmallScreen) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', p: 4, textAlign: 'center' }}>
        <Typography>{fileViewerTexts.smallScreenHtml}</Typography>
        <Button variant="contained" onClick={onOpenInTab}>
          Open File
        </Button>
      </Stack>
    );
  }
  // Never allow-same-origin: with it the design's scripts could reach this page and its session.
  return (
    <Box
      component="iframe"
      title={title}
      src={objectUrl}
      sandbox="allow-scripts"
      sx={{ display: 'block', border: 0, width: '100%', height: '100%' }}
    />
  );
};

const ImageView = ({ objectUrl, title }: { objectUrl: string; title: string }) => {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (failedUrl === objectUrl) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {fileViewerTexts.imageLoadFailed}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100%', p: 2 }}>
      <Box
        component="img"
        src={objectUrl}
        alt={title}
        onError={() => setFailedUrl(objectUrl)}
        sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
      />
    </Box>
  );
};

const DownloadOnlyView = ({ objectUrl, title }: { objectUrl: string; title: string }) => (
  <Stack spacing={2} sx={{ alignItems: 'center', p: 4, textAlign: 'center' }}>
    <Typography>{fileViewerTexts.noPreview}</Typography>
    <Button variant="contained" href={objectUrl} download={title} startIcon={<DownloadIcon />}>
      Download
    </Button>
  </Stack>
);

const failureText = (kind: ViewerKind, load: Extract<FileLoad, { status: 'failed' }>) =>
  kind === 'image' && load.address
    ? `${fileViewerTexts.imageFetchFailed} ${load.address}`
    : fileViewerTexts.fileLoadFailed;

type ViewerContentProps = Omit<FileViewerDialogProps, 'open'> & { titleId: string };

// Mounted only while the dialog is open: closing unmounts it, which revokes every object URL.
const ViewerContent = ({ fileName, loadUrl, onClose, editor, titleId }: ViewerContentProps) => {
  const kind = viewerKindOf(fileName);
  const extension = fileExtension(fileName);
  const title = displayFileName(fileName);
  const { load, reload } = useOneTimeFile(loadUrl, contentTypes[extension] ?? '');
  const [isEditing, setIsEditing] = useState(false);
  const tabUrlsRef = useRef<string[]>([]);

  useEffect(() => {
    const tabUrls = tabUrlsRef.current;
    return () => tabUrls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const canEdit = editor !== undefined && kind === 'image' && load.status === 'loaded';

  const handleOpenInTab = () => {
    if (load.status !== 'loaded') return;
    const pageUrl = createSandboxPage(load.objectUrl, title);
    tabUrlsRef.current.push(pageUrl);
    const tab = window.open(pageUrl, '_blank');
    if (tab) tab.opener = null;
  };

  // After a save or restore the stored file changed: show it from the server, not the local copy.
  const handleSave = async (png: Blob) => {
    await editor?.onSave(png);
    setIsEditing(false);
    reload();
  };
  const handleRestore = async () => {
    await editor?.onRestore();
    setIsEditing(false);
    reload();
  };

  const renderBody = () => {
    if (load.status === 'loading') return <LoadingView progress={load.progress} />;
    if (load.status === 'failed') {
      return (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" size="small" onClick={reload}>
              Try again
            </Button>
          }
        >
          {failureText(kind, load)}
        </Alert>
      );
    }
    if (kind === 'html') {
      return <HtmlView objectUrl={load.objectUrl} title={title} onOpenInTab={handleOpenInTab} />;
    }
    if (kind === 'image' && isEditing && editor) {
      return (
        <Box sx={{ p: 2 }}>
          <LazyPartBoundary>
            <ImageEditor
              imageUrl={load.objectUrl}
              canRestore={editor.canRestore}
              isBlurred={editor.isBlurred}
              onSave={handleSave}
              onRestore={handleRestore}
            />
          </LazyPartBoundary>
        </Box>
      );
    }
    if (kind === 'image') return <ImageView objectUrl={load.objectUrl} title={title} />;
    if (kind === 'model' && isModelExtension(extension)) {
      return (
        <LazyPartBoundary>
          <ModelViewer data={load.blob} extension={extension} />
        </LazyPartBoundary>
      );
    }
    return <DownloadOnlyView objectUrl={load.objectUrl} title={title} />;
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <AppBar position="static" color="default" elevation={1}>
        <Toolbar variant="dense" sx={{ gap: 1 }}>
          <Typography id={titleId} variant="h6" component="h2" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
            {title}
          </Typography>
          {canEdit && (
            <Button
              variant={isEditing ? 'contained' : 'outlined'}
              size="small"
              startIcon={<EditIcon />}
              aria-pressed={isEditing}
              onClick={() => setIsEditing(!isEditing)}
            >
              Edit
            </Button>
          )}
          <Tooltip title="Download">
            <span>
              <IconButton
                aria-label="Download"
                disabled={load.status !== 'loaded'}
                {...(load.status === 'loaded' ? { href: load.objectUrl, download: title } : {})}
              >
                <DownloadIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Close">
            <IconButton edge="end" aria-label="Close" onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Tooltip>
        </Toolbar>
      </AppBar>
      <Box sx={{ flexGrow: 1, minHeight: 0, overflow: 'auto', position: 'relative' }}>{renderBody()}</Box>
    </Box>
  );
};

/**
 * The file-view modal (collection-views §2): HTML designs in a sandboxed frame, images (with the
 * editor when allowed), STL/PLY in the 3D viewer, anything else as a download (§5 'File type by
 * extension'). The address is one-time, so the file is fetched once and shown from memory.
 */
export const FileViewerDialog = ({ open, ...contentProps }: FileViewerDialogProps) => {
  usePauseAutoRefresh(open);
  const titleId = useId();
  return (
    <Dialog fullScreen open={open} onClose={contentProps.onClose} aria-labelledby={titleId}>
      {/* Keyed by name: another file is another one-time load, never the previous file's bytes. */}
      {open && <ViewerContent key={contentProps.fileName} {...contentProps} titleId={titleId} />}
    </Dialog>
  );
};
