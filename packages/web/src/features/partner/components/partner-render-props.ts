import type { ReactNode } from 'react';
import type { OrderForm } from '@lab/domain';

// What the page composes into the partner feature (features do not import each other): the order form
// card of features/order-forms and the full-screen file viewer of features/files.

export type RenderOrderForm = (props: { form: OrderForm; title: string }) => ReactNode;

export type RenderFileViewer = (props: {
  fileName: string;
  /** A fresh one-time address of the file; called once per load. */
  loadUrl: () => Promise<string>;
  onClose: () => void;
}) => ReactNode;

export type PartnerPageParts = {
  renderOrderForm: RenderOrderForm;
  renderFileViewer: RenderFileViewer;
  /** Saves the file behind a one-time download address (the page stays). */
  openDownload: (url: string) => void;
};
