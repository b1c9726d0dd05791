import { lazyDialog } from '../../../components/lazy-part';

/** The file viewer, downloaded on the first opening: galleries and file lists show without its code. */
export const LazyFileViewerDialog = lazyDialog(
  () => import('./file-viewer-dialog').then((module) => module.FileViewerDialog),
  (props) => props.open,
);
