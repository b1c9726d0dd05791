import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { composerMessages, type Message } from '@lab/domain';
import { json, stubFetch, type Answer, type ApiCall } from '../../../testing/fetch-stub';
import { aCase, aCollection, anApproval } from '../../../testing/records';
import { renderWithQueries } from '../../../testing/render-with-queries';
import type { UploadAttachments } from '../attachment-upload';
import { aMessage } from '../testing/message-fixtures';
import { MessageComposer } from './message-composer';

const crown = aCase({ case_mkey: '120034-01', job_type: 'Crown' });
const bar = aCase({ case_mkey: '120034-02', job_type: 'Milled Bar' });
const collection = aCollection({ cases: [crown, bar], approvals: [anApproval({ case_uid: crown.uid })] });

let posted: Message;
let requests: ApiCall[];
const messageTypes = [
  { code: 'CASE_NOTE', name: 'Case Note', visibility: 'STAFF' },
  { code: 'CLIENT_MESSAGE', name: 'Client Message', visibility: 'CLIENTS' },
  { code: 'CLIENT_NOTE', name: 'Client Note', visibility: 'STAFF' },
  { code: 'SALES_MESSAGE', name: 'Sales Message', visibility: 'SALES' },
  { code: 'NOT_A_COMPOSER_TYPE', name: 'Something Else', visibility: 'STAFF' },
];
const routes =
  (answerPost: () => Response = () => json(posted)): Answer =>
  (request) => {
    if (request.path === '/api/v2/messages/types/') return json(messageTypes);
    if (request.path === '/api/v2/messages/' && request.method === 'POST') return answerPost();
    return undefined;
  };
const posts = () => requests.filter((request) => request.path === '/api/v2/messages/');
const postedForm = (index = 0) => posts()[index]?.body as FormData;

const renderComposer = (
  props: Partial<Parameters<typeof MessageComposer>[0]> = {},
  upload: UploadAttachments = vi.fn(() => Promise.resolve([])),
) => {
  const onSent = vi.fn();
  renderWithQueries(
    <MessageComposer
      collection={collection}
      fixedCase={null}
      authorReference="dana"
      initialTypeCode={null}
      uploadAttachments={upload}
      onSent={onSent}
      {...props}
    />,
  );
  return { onSent, upload };
};

const typeNote = (text: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: text } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));
const attach = (...files: File[]) =>
  fireEvent.change(screen.getByLabelText('Attachments'), { target: { files } });

beforeEach(() => {
  posted = aMessage();
  requests = stubFetch(routes());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MessageComposer', () => {
  it('offers only the composer types and labels the visibility, clients in red', async () => {
    renderComposer({ initialTypeCode: 'CLIENT_MESSAGE' });
    // The type list has loaded: the chosen type shows its name.
    expect(await screen.findByText('Client Message')).toBeTruthy();
    const label = screen.getByText('visible to clients');
    expect(getComputedStyle(label).color).toBe('rgb(211, 47, 47)');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Message Type' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Case Note',
      'Client Message',
      'Client Note',
      'Sales Message',
    ]);
    fireEvent.click(options[0] as HTMLElement);
    expect(await screen.findByText('visible only to staff')).toBeTruthy();
  });

  it('shows what is missing inline and in the Send tooltip, and sends nothing', async () => {
    renderComposer();
    // Before a send is tried the fields stay quiet; the tooltip already lists the rules.
    expect(screen.queryByText(composerMessages.noMessage)).toBeNull();
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Send' }));
    const tooltip = await screen.findByRole('tooltip');
    expect(
      within(tooltip)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([composerMessages.noMessage, composerMessages.noCase]);

    send();
    expect(screen.getByRole('textbox', { name: 'Message' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(composerMessages.noMessage).length).toBeGreaterThanOrEqual(1);
    expect(screen.getAllByText(composerMessages.noCase).length).toBeGreaterThanOrEqual(1);

    typeNote('Margin is short');
    send();
    expect(screen.queryByRole('textbox', { name: 'Message' })?.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getAllByText(composerMessages.noCase).length).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts()).toEqual([]);
  });

  it('asks before a client note, and posts it to the client record only once confirmed', async () => {
    const { onSent } = renderComposer({ initialTypeCode: 'CLIENT_NOTE' });
    typeNote('Prefers photos of the margin');
    send();
    expect(await screen.findByText(composerMessages.clientNoteConfirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(composerMessages.clientNoteConfirm)).toBeNull());
    expect(posts()).toEqual([]);

    send();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    const form = postedForm();
    expect(form.get('client_uid')).toBe(collection.shipping_client.uid);
    expect(form.has('case_collection_uid')).toBe(false);
    expect(form.has('case_uid')).toBe(false);
    expect(form.get('author_reference')).toBe('dana');
    // Sent: the form is empty again.
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe(''),
    );
  });

  it('uploads the attachments on the fixed case first and posts their service names', async () => {
    const upload = vi.fn<UploadAttachments>(() => Promise.resolve(['u1/scan.stl', 'u2/photo.jpg']));
    const { onSent } = renderComposer({ fixedCase: crown }, upload);
    typeNote('Files for the design');
    attach(new File(['solid'], 'scan.stl'), new File(['jpg'], 'photo.jpg'));
    attach(new File(['again'], 'scan.stl'));
    expect(screen.getAllByText('scan.stl')).toHaveLength(1);
    send();
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(upload).toHaveBeenCalledTimes(1);
    const [request] = upload.mock.calls[0] ?? [];
    expect(request?.files.map((file) => file.name)).toEqual(['scan.stl', 'photo.jpg']);
    expect(request?.country).toBe('AU');
    expect(request?.references).toEqual([{ entityType: 'CASE', entityIdentification: crown.uid }]);
    const form = postedForm();
    expect(form.getAll('oft_attachments')).toEqual(['u1/scan.stl', 'u2/photo.jpg']);
    expect(form.get('case_uid')).toBe(crown.uid);
    expect(form.get('case_collection_uid')).toBe(collection.uid);
    expect(screen.queryByText('scan.stl')).toBeNull();
  });

  it('stops on a failed upload with the spec text and posts nothing', async () => {
    renderComposer({ fixedCase: crown }, () => Promise.reject(new Error('link expired')));
    typeNote('Files');
    attach(new File(['solid'], 'scan.stl'));
    send();
    expect(await screen.findByText(composerMessages.uploadFailed)).toBeTruthy();
    expect(posts()).toEqual([]);
    // Loading stopped: Send can be pressed again.
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false);
  });

  it('stops on an HTML file it cannot rewrite', async () => {
    const upload = vi.fn<UploadAttachments>();
    renderComposer({ fixedCase: crown }, upload);
    typeNote('Design');
    attach(new File([new Uint8Array([0x3c, 0x00])], 'design.html'));
    send();
    expect(await screen.findByText(composerMessages.htmlFailed)).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
    expect(posts()).toEqual([]);
  });

  it('shows a dismissible error when the post fails, with the field the server refused', async () => {
    requests = stubFetch(
      routes(() =>
        json(
          { error: { code: 'validation', message: 'Invalid message', fields: { note: 'Too long' } } },
          400,
        ),
      ),
    );
    const { onSent } = renderComposer({ fixedCase: crown });
    typeNote('Hello');
    send();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(composerMessages.submitFailed);
    expect(alert.textContent).toContain('Invalid message');
    expect(screen.getByText('Too long')).toBeTruthy();
    expect(onSent).not.toHaveBeenCalled();
    // The draft stays for another try.
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('Hello');
    fireEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(composerMessages.submitFailed)).toBeNull());
  });

  it('preselects the messageTypeCode type and takes the case from the case selector', async () => {
    const { onSent } = renderComposer({ initialTypeCode: 'CASE_NOTE' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Case' }));
    fireEvent.click(
      within(screen.getByRole('listbox')).getByRole('option', { name: '120034-02 Milled Bar' }),
    );
    typeNote('Bar screws ordered');
    send();
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(postedForm().get('case_uid')).toBe(bar.uid);
    expect(postedForm().get('message_type')).toBe('CASE_NOTE');
  });
});
