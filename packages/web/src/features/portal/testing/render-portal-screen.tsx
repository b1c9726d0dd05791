import { vi } from 'vitest';
import type { PortalCollection } from '@lab/domain';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { PortalScreen } from '../components/portal-screen';
import type { RenderOrderForm } from '../components/portal-render-props';
import type { PortalTab } from '../hooks/use-portal-params';
import { aPortalCollection, collectionPath, portalKey } from './portal-fixture';

// The portal screen against its real GET, answered by the test's fetch; files as a plain list, order
// forms as the test renders them (the page composes the real ones).

type RenderOptions = {
  collection?: PortalCollection;
  isReadOnly?: boolean;
  tab?: PortalTab;
  renderOrderForm?: RenderOrderForm;
};

export const renderPortalScreen = ({
  collection = aPortalCollection(),
  isReadOnly = false,
  tab = 'overview',
  renderOrderForm = ({ title }) => <p>{title}</p>,
}: RenderOptions = {}) => {
  const calls = stubFetch((call) => (call.path === collectionPath ? json(collection) : undefined));
  const onTabChange = vi.fn();
  const utils = renderWithQueries(
    <PortalScreen
      portalKey={portalKey}
      requestedBranding={null}
      isReadOnly={isReadOnly}
      tab={tab}
      onTabChange={onTabChange}
      renderFiles={(files) => (
        <ul aria-label="Files">
          {files.map((file) => (
            <li key={`${file.type}-${file.id}`}>{file.fileName}</li>
          ))}
        </ul>
      )}
      renderOrderForm={renderOrderForm}
    />,
  );
  return { ...utils, calls, onTabChange };
};
