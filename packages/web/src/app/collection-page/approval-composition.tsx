import { useCallback, useState } from 'react';
import {
  approvalAnswerMessages,
  canRestoreImage,
  type Collection,
  type CollectionApproval,
  type CollectionCase,
} from '@lab/domain';
import { ApprovalsView } from '../../features/approvals/components/approvals-view';
import { CaseApprovalTab } from '../../features/approvals/components/case-approval-tab';
import { PortalLinkCard } from '../../features/collections/components/portal-link-card';
import { fetchCaseFileLink } from '../../features/files/api/case-file-calls';
import { AttachmentList } from '../../features/files/components/attachment-list';
import { LazyFileViewerDialog } from '../../features/files/components/lazy-file-viewer-dialog';
import { useMe } from '../../features/me/api/get-me';
import { useMessages } from '../../features/messages/api/get-messages';
import { patchSearchParams, writeSearchParams } from '../../lib/url-state';

// The approvals feature composed with what it may not import itself: the portal link card
// (collections), the file viewer, the one-time file link and the attachment list (files), the client's
// answers in the messages (messages), the signed-in user (me), and the page's URL state.

type ApprovalFileRef = CollectionApproval['approval_files'][number];
type Viewing = { caseId: number; file: ApprovalFileRef };

const navigateTo = (patch: Record<string, string | null>) =>
  writeSearchParams(patchSearchParams(new URLSearchParams(window.location.search), patch));

/** The messages view filtered to one approval (`approval` is read by the messages view). */
const openApprovalMessages = (approval: CollectionApproval) =>
  navigateTo({ view: 'messages', approval: approval.uid, cuid: null, muid: null, messageTypeCode: null });

/** The same, with the composer set to answer that approval (an approval message). */
const messageAboutApproval = (approval: CollectionApproval) =>
  navigateTo({
    view: 'messages',
    approval: approval.uid,
    cuid: null,
    muid: null,
    messageTypeCode: 'APPROVAL_MESSAGE',
  });

/** The signed-in user as approval stamps name them (username, or first and last name). */
const currentUserOf = (me: { username: string; first_name: string; last_name: string } | undefined) =>
  me ? { username: me.username, name: `${me.first_name} ${me.last_name}`.trim() } : null;

/** The components view with the approval's case open in the drawer. */
const openCaseComponents = (caseUid: string) => navigateTo({ view: 'components', cuid: caseUid });

const useApprovalFileViewer = (collection: Collection) => {
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const handleViewFile = (approval: CollectionApproval, file: ApprovalFileRef) => {
    const caseItem = collection.cases.find((item) => item.uid === approval.case_uid);
    if (caseItem) setViewing({ caseId: caseItem.case_id, file });
  };
  // Approval files are the case's files of type approval_file; editing them is the Files tab's job.
  const viewer = (
    <LazyFileViewerDialog
      open={viewing !== null}
      fileName={viewing?.file.filename ?? ''}
      loadUrl={() =>
        viewing
          ? fetchCaseFileLink(viewing.caseId, 'approval_file', viewing.file.id)
          : Promise.reject(new Error('No file'))
      }
      onClose={() => setViewing(null)}
    />
  );
  return { handleViewFile, viewer };
};

/**
 * The photos and files the client sent with an answer (a change request's photo): the attachments of the
 * approval's inbound messages, shown on its card with the message attachments' gallery and editor.
 */
const useAnswerFiles = (collection: Collection, canRestoreImages: boolean) => {
  const messages = useMessages(collection.uid, collection.shipping_client.uid);
  const { data, refetch } = messages;
  return useCallback(
    (approval: CollectionApproval) => {
      const answers = approvalAnswerMessages(approval.uid, data ?? []);
      if (answers.length === 0) return null;
      return answers.map((message) => (
        <AttachmentList
          key={message.uid}
          messageUid={message.uid}
          attachments={message.attachments}
          type="message_attachment"
          canRestoreImages={canRestoreImages}
          onChanged={() => void refetch()}
        />
      ));
    },
    [data, refetch, canRestoreImages],
  );
};

/** The case drawer's Approval tab. */
export const CaseApprovalPanel = ({
  collection,
  caseItem,
}: {
  collection: Collection;
  caseItem: CollectionCase;
}) => {
  const me = useMe();
  const { handleViewFile, viewer } = useApprovalFileViewer(collection);
  const renderAnswerFiles = useAnswerFiles(collection, me.data ? canRestoreImage(me.data) : false);
  return (
    <>
      <CaseApprovalTab
        collection={collection}
        caseItem={caseItem}
        currentUser={currentUserOf(me.data)}
        portalLink={
          <PortalLinkCard
            collectionUid={collection.uid}
            portalKey={collection.portal_key}
            canRegenerate={me.data?.admin === true}
          />
        }
        onOpenCase={openCaseComponents}
        onMessage={messageAboutApproval}
        onShowMessages={openApprovalMessages}
        onViewFile={handleViewFile}
        renderAnswerFiles={renderAnswerFiles}
      />
      {viewer}
    </>
  );
};

/** The collection's Approvals view. */
export const CollectionApprovalsView = ({ collection }: { collection: Collection }) => {
  const me = useMe();
  const { handleViewFile, viewer } = useApprovalFileViewer(collection);
  const renderAnswerFiles = useAnswerFiles(collection, me.data ? canRestoreImage(me.data) : false);
  return (
    <>
      <ApprovalsView
        collection={collection}
        currentUser={currentUserOf(me.data)}
        onOpenCase={openCaseComponents}
        onMessage={messageAboutApproval}
        onShowMessages={openApprovalMessages}
        onViewFile={handleViewFile}
        renderAnswerFiles={renderAnswerFiles}
      />
      {viewer}
    </>
  );
};
