import { CollectionPage } from '../collection-page/collection-page';
import { renderPage } from '../render-page';

void renderPage(CollectionPage);
