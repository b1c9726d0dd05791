import { useCallback, useState } from 'react';
import { canRestoreImage, type Collection, type CollectionCase } from '@lab/domain';
import { uploadThroughFileService } from '../../features/files/api/file-service';
import { AttachmentList } from '../../features/files/components/attachment-list';
import { useMe } from '../../features/me/api/get-me';
import type { UploadAttachments } from '../../features/messages/attachment-upload';
import { CaseNotesTab } from '../../features/messages/components/case-notes-tab';
import type { RenderAttachments } from '../../features/messages/components/message-bubble';
import { NotesAndMessagesView } from '../../features/messages/components/notes-and-messages-view';
import { useConf } from '../../lib/conf';
import { patchSearchParams, useLocationSearch, writeSearchParams } from '../../lib/url-state';
import { readCollectionPageState } from './collection-params';

// The messages feature composed with what it may not import itself: the attachment list and the file
// service (files), the signed-in user (me), and the page's URL state (muid, messageTypeCode, approval).

const useMessageFileParts = (canRestoreImages: boolean) => {
  const conf = useConf();
  const renderAttachments = useCallback<RenderAttachments>(
    (request) => (
      <AttachmentList
        messageUid={request.messageUid}
        attachments={request.attachments}
        type={request.type}
        canRestoreImages={canRestoreImages}
        onChanged={request.onChanged}
      />
    ),
    [canRestoreImages],
  );
  const uploadAttachments = useCallback<UploadAttachments>(
    async ({ files, country, references }) => {
      const items = await uploadThroughFileService({
        fileTransferUrl: conf.file_transfer_url,
        country,
        files,
        references,
      });
      return items.map((item) => item.fileName);
    },
    [conf.file_transfer_url],
  );
  return { renderAttachments, uploadAttachments };
};

/** The Notes & Messages view: muid highlights, messageTypeCode preselects, approval filters. */
export const CollectionMessagesPanel = ({ collection }: { collection: Collection }) => {
  const me = useMe();
  const search = useLocationSearch();
  const { muid, messageTypeCode, approval } = readCollectionPageState(new URLSearchParams(search));
  const { renderAttachments, uploadAttachments } = useMessageFileParts(
    me.data ? canRestoreImage(me.data) : false,
  );
  const handleApprovalFilterChange = (approvalUid: string | null) =>
    writeSearchParams(
      patchSearchParams(new URLSearchParams(window.location.search), { approval: approvalUid }),
      {
        replace: true,
      },
    );
  return (
    <NotesAndMessagesView
      collection={collection}
      authorReference={me.data?.username ?? ''}
      highlightUid={muid}
      initialTypeCode={messageTypeCode}
      approvalFilterUid={approval}
      onApprovalFilterChange={handleApprovalFilterChange}
      renderAttachments={renderAttachments}
      uploadAttachments={uploadAttachments}
    />
  );
};

/** The case drawer's Notes tab; its approval filter lives with the tab. */
export const CaseNotesPanel = ({
  collection,
  caseItem,
  canRestoreImages,
}: {
  collection: Collection;
  caseItem: CollectionCase;
  canRestoreImages: boolean;
}) => {
  const me = useMe();
  const [approvalFilterUid, setApprovalFilterUid] = useState<string | null>(null);
  const { renderAttachments, uploadAttachments } = useMessageFileParts(canRestoreImages);
  return (
    <CaseNotesTab
      collection={collection}
      caseItem={caseItem}
      authorReference={me.data?.username ?? ''}
      approvalFilterUid={approvalFilterUid}
      onApprovalFilterChange={setApprovalFilterUid}
      renderAttachments={renderAttachments}
      uploadAttachments={uploadAttachments}
    />
  );
};
