import { LazyFileViewerDialog } from '../../features/files/components/lazy-file-viewer-dialog';
import { openDownload } from '../../features/files/open-download';
import { OrderFormCard } from '../../features/order-forms/components/order-form-card';
import { PartnerScreen } from '../../features/partner/components/partner-screen';
import type {
  RenderFileViewer,
  RenderOrderForm,
} from '../../features/partner/components/partner-render-props';
import { usePartnerKey } from '../../features/partner/hooks/use-partner-key';

// The partner share page (/static/v2/partner.html?key=): the partner feature, with the staff file viewer
// (images, HTML, STL/PLY; no editor for partners) fed by the partner's one-time file call, and the order
// form card of the staff Order Forms view.

export const PartnerPage = () => {
  const outsourceKey = usePartnerKey();
  const renderFileViewer: RenderFileViewer = ({ fileName, loadUrl, onClose }) => (
    <LazyFileViewerDialog open fileName={fileName} loadUrl={loadUrl} onClose={onClose} />
  );
  const renderOrderForm: RenderOrderForm = ({ form, title }) => <OrderFormCard form={form} title={title} />;
  return (
    <PartnerScreen
      outsourceKey={outsourceKey}
      renderFileViewer={renderFileViewer}
      renderOrderForm={renderOrderForm}
      openDownload={openDownload}
    />
  );
};
