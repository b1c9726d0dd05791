import { ClientPage } from '../client-page/client-page';
import { renderPage } from '../render-page';

void renderPage(ClientPage);
