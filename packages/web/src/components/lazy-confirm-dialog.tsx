import { Suspense, type ComponentProps } from 'react';
import type { ConfirmDialog as ConfirmDialogType } from './confirm-dialog';
import { lazyPart, useHasOpened } from './lazy-part';

export const ConfirmDialogPart = lazyPart(() =>
  import('./confirm-dialog').then((module) => module.ConfirmDialog),
);

/**
 * The ConfirmDialog for parts of the first page (the app bar): MUI's Dialog and Modal download on the
 * first opening, not with the page.
 */
export const LazyConfirmDialog = (props: ComponentProps<typeof ConfirmDialogType>) => {
  const hasOpened = useHasOpened(props.isOpen);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogPart {...props} />
    </Suspense>
  );
};
