import { lazyDialog } from './lazy-part';

/**
 * The ConfirmDialog for parts of the first page (the app bar): MUI's Dialog and Modal download on the
 * first opening, not with the page.
 */
export const LazyConfirmDialog = lazyDialog(
  () => import('./confirm-dialog').then((module) => module.ConfirmDialog),
  (props) => props.isOpen,
);
