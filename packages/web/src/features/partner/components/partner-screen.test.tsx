import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { partnerTexts, type PartnerJob } from '@lab/domain';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { aPartnerJob, aPartnerMessage, jobPath, partnerKey } from '../testing/partner-fixture';
import { PartnerScreen } from './partner-screen';

// The partner page as a partner lab uses it: the job, downloads through one-time links, messages, return
// files, marking the job completed; read only once ended; 'Link not valid' for a key that opens nothing.

const renderScreen = (openDownload = vi.fn()) =>
  renderWithQueries(
    <PartnerScreen
      outsourceKey={partnerKey}
      renderFileViewer={({ fileName }) => <div role="dialog" aria-label={fileName} />}
      renderOrderForm={({ title }) => <div>{title}</div>}
      openDownload={openDownload}
    />,
  );

/** An XMLHttpRequest that answers every upload with the given status and body. */
const stubUpload = (status: number, body: unknown) => {
  const sent: FormData[] = [];
  class FakeRequest {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    withCredentials = true;
    open() {}
    setRequestHeader() {}
    send(form: FormData) {
      sent.push(form);
      this.status = status;
      this.responseText = JSON.stringify(body);
      setTimeout(() => this.onload?.(), 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PartnerScreen', () => {
  it('shows the job, its files and an empty conversation', async () => {
    stubFetch((call) => (call.path === jobPath ? json(aPartnerJob()) : undefined));
    renderScreen();
    expect(await screen.findByText('Dental Design Partners')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Case 100123 · 100123-01' })).toBeTruthy();
    expect(screen.getByText('Screw-Retained Bridge')).toBeTruthy();
    expect(screen.getByText('Shade A2, open contacts')).toBeTruthy();
    expect(screen.getByText('Not Started')).toBeTruthy();
    const sent = screen.getByRole('region', { name: partnerTexts.filesSentTitle });
    expect(within(sent).getByText('prep-scan.stl')).toBeTruthy();
    expect(screen.getByText(partnerTexts.noMessages)).toBeTruthy();
    expect(screen.getByText(partnerTexts.noOrderForms)).toBeTruthy();
  });

  it('downloads a file through a fresh one-time link and views a model in the viewer', async () => {
    const calls = stubFetch((call) => {
      if (call.path === jobPath) return json(aPartnerJob());
      if (call.path === `${jobPath}file/11/`) return json({ url: '/files/download/once', file_name: 'x' });
      return undefined;
    });
    const openDownload = vi.fn();
    renderScreen(openDownload);
    fireEvent.click(await screen.findByRole('button', { name: 'Download prep-scan.stl' }));
    await waitFor(() => expect(openDownload).toHaveBeenCalledWith('/files/download/once'));
    expect(calls.filter((call) => call.path === `${jobPath}file/11/`)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'View prep-scan.stl' }));
    expect(screen.getByRole('dialog', { name: 'prep-scan.stl' })).toBeTruthy();
  });

  it('sends a message (never an empty one) and shows it on the right as the partner’s own', async () => {
    const mine = aPartnerMessage({
      uid: '0b5a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
      direction: 'INBOUND',
      author_reference: 'Dental Design Partners',
      note: 'Margin on 21?',
    });
    let isPosted = false;
    const calls = stubFetch((call) => {
      if (call.path === jobPath) return json(aPartnerJob({ messages: isPosted ? [mine] : [] }));
      if (call.path === `${jobPath}message/`) {
        isPosted = true;
        return json(mine);
      }
      return undefined;
    });
    renderScreen();
    const send = await screen.findByRole('button', { name: 'Send' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '   ' } });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: ' Margin on 21? ' } });
    fireEvent.click(send);
    const bubble = await screen.findByLabelText('Message from Dental Design Partners');
    expect(bubble.getAttribute('data-direction')).toBe('INBOUND');
    expect(within(bubble).getByText('Margin on 21?')).toBeTruthy();
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
    expect(calls.find((call) => call.path === `${jobPath}message/`)?.body).toEqual({
      message: 'Margin on 21?',
    });
  });

  it('marks the job completed after "Are you sure?" and then shows it awaits review', async () => {
    const completed: PartnerJob = aPartnerJob({
      status: 'Review',
      marked_as_completed: '2026-11-21T00:00:00.000Z',
    });
    const calls = stubFetch((call) => {
      if (call.path === jobPath) return json(aPartnerJob());
      if (call.path === `${jobPath}complete/`) return json(completed);
      return undefined;
    });
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: partnerTexts.markCompleted }));
    const dialog = await screen.findByRole('dialog', { name: partnerTexts.confirmComplete });
    fireEvent.click(within(dialog).getByRole('button', { name: partnerTexts.markCompleted }));
    expect(await screen.findByText(partnerTexts.completedAwaitingReview)).toBeTruthy();
    expect(calls.filter((call) => call.path === `${jobPath}complete/`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: partnerTexts.markCompleted })).toBeNull();
  });

  it("shows the server's refusal of a return file where the upload was made", async () => {
    stubFetch((call) => (call.path === jobPath ? json(aPartnerJob()) : undefined));
    const refusal = 'setup.exe: files of this type cannot be uploaded';
    const sent = stubUpload(400, { error: { code: 'validation_failed', message: refusal } });
    renderScreen();
    await screen.findByRole('button', { name: 'Upload files' });
    const file = new File(['MZ'], 'setup.exe');
    fireEvent.change(screen.getByTestId('partner-upload-input'), { target: { files: [file] } });
    const returned = screen.getByRole('region', { name: partnerTexts.filesReturnedTitle });
    expect(await within(returned).findByText(refusal)).toBeTruthy();
    expect(sent[0]?.getAll('files')).toHaveLength(1);
  });

  it('is read only once the job has ended', async () => {
    stubFetch((call) =>
      call.path === jobPath
        ? json(aPartnerJob({ ended: true, status: 'Complete', messages: [aPartnerMessage()] }))
        : undefined,
    );
    renderScreen();
    expect(await screen.findByText(partnerTexts.jobEnded)).toBeTruthy();
    expect(screen.getByText('Please design this bridge')).toBeTruthy();
    for (const name of ['Upload files', 'Send', partnerTexts.markCompleted]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it("says 'Link not valid' for a key that opens nothing", async () => {
    stubFetch((call) =>
      call.path === jobPath
        ? json({ error: { code: 'not_found', message: partnerTexts.notFound } }, 404)
        : undefined,
    );
    renderScreen();
    expect(await screen.findByRole('heading', { name: partnerTexts.linkNotValidTitle })).toBeTruthy();
    expect(screen.getByText(partnerTexts.notFound)).toBeTruthy();
  });
});
