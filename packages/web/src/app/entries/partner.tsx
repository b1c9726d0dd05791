import { PartnerPage } from '../partner-page/partner-page';
import { renderPublicPage } from '../render-public-page';

// The partner share page: the share key in the address is the partner's only credential.
renderPublicPage(PartnerPage);
