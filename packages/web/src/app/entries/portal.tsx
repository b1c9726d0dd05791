import { PortalPage } from '../portal-page/portal-page';
import { renderPublicPage } from '../render-public-page';

// The customer portal: the portal key in the address is the client's only credential.
renderPublicPage(PortalPage);
