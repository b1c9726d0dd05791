import { useEffect } from 'react';
import { lazyPart, prefetchWhenIdle } from '../../components/lazy-part';
import { FileGallery } from '../../features/files/components/file-gallery';
import { fetchPortalFileLink, type PortalFileRef } from '../../features/portal/api/get-portal-file-link';
import { PortalScreen } from '../../features/portal/components/portal-screen';
import type {
  RenderOrderForm,
  RenderPortalFiles,
} from '../../features/portal/components/portal-render-props';
import { usePortalParams } from '../../features/portal/hooks/use-portal-params';

// The customer portal page (/static/v2/portal.html?key=): the portal feature, with the staff file gallery
// and viewer (images, HTML, STL/PLY, download for the rest; no editor for clients) fed by the portal's
// file call, and the order form card of the staff Order Forms view.

type GalleryRef = PortalFileRef & { key: string };

// Only the Order Forms tab shows it, and that tab is itself a lazy part: the card's tables stay out of the
// first download (the tab's boundary shows the spinner while it comes).
const OrderFormCard = lazyPart(() =>
  import('../../features/order-forms/components/order-form-card').then((module) => module.OrderFormCard),
);
export const portalPageLazyParts = [OrderFormCard] as const;

export const PortalPage = () => {
  const params = usePortalParams();
  useEffect(() => prefetchWhenIdle(portalPageLazyParts), []);
  const renderFiles: RenderPortalFiles = (files) => (
    <FileGallery<GalleryRef>
      files={files.map((file) => ({ ...file, key: `${file.type}-${file.id}` }))}
      loadUrl={(file) => fetchPortalFileLink(params.portalKey, file)}
    />
  );
  const renderOrderForm: RenderOrderForm = ({ form, title, convention }) => (
    <OrderFormCard form={form} title={title} convention={convention} />
  );
  return <PortalScreen {...params} renderFiles={renderFiles} renderOrderForm={renderOrderForm} />;
};
