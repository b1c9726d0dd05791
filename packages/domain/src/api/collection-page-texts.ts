// Texts and fixed values of the collection page's components view (collection-views §4 'Collection',
// §5 'Basic information form'). Kept verbatim where the spec quotes them.

export const collectionConfirmTexts = {
  allocateLocation: 'Are you sure you want to allocate a case location?',
  unallocateLocation: 'Are you sure you want to unallocate the case location?',
  branchChangeTitle: 'WARNING',
  // The spec lists what the warning must say, not its words: files move, scheduling, inventory and
  // invoicing are affected, and parts may be unavailable at the new branch.
  branchChange:
    "Changing the fulfillment branch will move this collection's files to another server, and will affect scheduling, inventory and invoicing. Some parts may be unavailable at the new branch. Do you want to continue?",
} as const;

/** The customer portal page; the collection's portal_key is its `key` parameter. */
export const portalPagePath = '/static/v2/portal.html';

export const portalLinkFor = (origin: string, portalKey: string): string =>
  `${origin}${portalPagePath}?key=${encodeURIComponent(portalKey)}`;
