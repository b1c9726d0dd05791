import type { ReactNode } from 'react';
import type { PortalCollection, ToothConvention } from '@lab/domain';
import type { PortalFileRef } from '../api/get-portal-file-link';

// What the page composes into the portal (features do not import each other): the file gallery and
// viewer of features/files, and the order form card of features/order-forms.

/** Thumbnails, audio and links for files; each opens the full-screen viewer. */
export type RenderPortalFiles = (files: readonly PortalFileRef[]) => ReactNode;

export type RenderOrderForm = (props: {
  form: PortalCollection['order_forms'][number];
  title: string;
  convention: ToothConvention;
}) => ReactNode;
