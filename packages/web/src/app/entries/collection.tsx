import { CollectionPage } from '../collection-page/collection-page';
import { startCollectionData } from '../collection-page/collection-early-data';
import { renderPage } from '../render-page';

startCollectionData(window.location.search);
void renderPage(CollectionPage);
