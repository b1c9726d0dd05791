import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outsourceMessages, type CollectionCase, type Outsource } from '@lab/domain';
import { toLabTimeInput } from '../../../lib/lab-time-input';
import { json, stubFetch, type ApiCall } from '../../../testing/fetch-stub';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { aCase, aCollection, anOutsource, aQueryClient, casePath } from '../testing/outsourcing-fixture';
import { NewOutsourceDialog } from './new-outsource-dialog';

const renderDialog = (caseItem: CollectionCase = aCase(), preemptive: Outsource | null = null) => {
  const collection = aCollection(caseItem);
  const onClose = vi.fn();
  renderWithQueries(
    <NewOutsourceDialog
      isOpen
      collectionUid={collection.uid}
      caseItem={caseItem}
      preemptive={preemptive}
      onClose={onClose}
    />,
    aQueryClient(collection),
  );
  return { onClose };
};

const dialog = () => screen.getByRole('dialog', { name: 'New Outsource Job' });
const click = (name: string) => fireEvent.click(within(dialog()).getByRole('button', { name }));
const casePosts = (calls: ApiCall[]) =>
  calls.filter((call) => call.path === casePath).map((call) => call.body);

const choose = async (label: RegExp, option: string) => {
  fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

const tomorrow = new Date(Date.now() + 86_400_000);
tomorrow.setUTCSeconds(0, 0);

const fillManualJob = async () => {
  await choose(/Partner/, 'Precision Milling');
  fireEvent.change(within(dialog()).getByLabelText(/Due Time/), {
    target: { value: toLabTimeInput(tomorrow) },
  });
  fireEvent.click(within(dialog()).getByRole('radio', { name: 'Digital' }));
  fireEvent.change(within(dialog()).getByLabelText(/Note/), { target: { value: 'Design the abutment' } });
};

const manualBody = {
  partner_id: 3,
  due_time: tomorrow.toISOString(),
  job_type: 'digital',
  returning_branch_id: null,
  additional_recipients: [],
  note: 'Design the abutment',
};

describe('NewOutsourceDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names every missing field and sends nothing', async () => {
    const calls = stubFetch();
    renderDialog();
    click('Start');
    expect(await within(dialog()).findAllByText(outsourceMessages.mustBeSelected)).toHaveLength(3);
    expect(within(dialog()).getByText(outsourceMessages.mustBeProvided)).toBeTruthy();
    expect(casePosts(calls)).toEqual([]);
  });

  it('asks for a returning branch once the job is physical', async () => {
    stubFetch();
    renderDialog();
    await fillManualJob();
    expect(within(dialog()).queryByRole('combobox', { name: /Returning Branch/ })).toBeNull();
    fireEvent.click(within(dialog()).getByRole('radio', { name: 'Physical' }));
    click('Start');
    expect(await within(dialog()).findByText(outsourceMessages.mustBeSelected)).toBeTruthy();
    expect(within(dialog()).getByRole('combobox', { name: /Returning Branch/ })).toBeTruthy();
  });

  it('plans a preemptive job (plan_outsource)', async () => {
    const calls = stubFetch((call) => (call.path === casePath ? json(aCase()) : undefined));
    const { onClose } = renderDialog();
    await fillManualJob();
    fireEvent.change(within(dialog()).getByLabelText(/Additional Recipients/), {
      target: { value: 'ops@partner.example, qa@partner.example' },
    });
    click('Plan');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(casePosts(calls)).toEqual([
      {
        action: 'plan_outsource',
        ...manualBody,
        additional_recipients: ['ops@partner.example', 'qa@partner.example'],
      },
    ]);
  });

  it('starts at once on a case in design', async () => {
    const calls = stubFetch((call) => (call.path === casePath ? json(aCase()) : undefined));
    const { onClose } = renderDialog();
    await fillManualJob();
    click('Start');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(casePosts(calls)).toEqual([{ action: 'start_outsource', ...manualBody }]);
  });

  it('asks before moving a case that is not in design, then sends move_to_design', async () => {
    const calls = stubFetch((call) => (call.path === casePath ? json(aCase()) : undefined));
    const { onClose } = renderDialog(aCase({ in_design: false, in_production: true }));
    await fillManualJob();
    click('Start');
    const confirm = await screen.findByRole('dialog', { name: 'Move to Design' });
    expect(within(confirm).getByText(outsourceMessages.notInDesign)).toBeTruthy();
    expect(casePosts(calls)).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(casePosts(calls)).toEqual([{ action: 'start_outsource', ...manualBody, move_to_design: true }]);
  });

  it('asks and retries when the server answers that the case is not in design', async () => {
    let answered = 0;
    const calls = stubFetch((call) => {
      if (call.path !== casePath) return undefined;
      answered += 1;
      return answered === 1
        ? json({ error: { code: 'conflict', message: outsourceMessages.notInDesign } }, 409)
        : json(aCase());
    });
    const { onClose } = renderDialog();
    await fillManualJob();
    click('Start');
    const confirm = await screen.findByRole('dialog', { name: 'Move to Design' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(casePosts(calls)).toEqual([
      { action: 'start_outsource', ...manualBody },
      { action: 'start_outsource', ...manualBody, move_to_design: true },
    ]);
  });

  it("puts the server's field messages under the fields", async () => {
    stubFetch((call) =>
      call.path === casePath
        ? json(
            {
              error: {
                code: 'validation_failed',
                message: outsourceMessages.invalidEmail,
                fields: { 'additional_recipients.0': outsourceMessages.invalidEmail },
              },
            },
            400,
          )
        : undefined,
    );
    const { onClose } = renderDialog();
    await fillManualJob();
    click('Start');
    const recipients = within(dialog()).getByLabelText(/Additional Recipients/);
    await waitFor(() => expect(recipients.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog()).getByText(outsourceMessages.invalidEmail)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('starts a planned job with its id', async () => {
    const calls = stubFetch((call) => (call.path === casePath ? json(aCase()) : undefined));
    const planned = anOutsource({
      id: 88,
      start: null,
      expected_return: tomorrow.toISOString(),
      note: 'Design the abutment',
    });
    const { onClose } = renderDialog(aCase(), planned);
    click('Start');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(casePosts(calls)).toEqual([{ action: 'start_outsource', ...manualBody, outsource_id: 88 }]);
  });

  it('switches to the integrated form for the integrated partner, which names its missing fields', async () => {
    const calls = stubFetch();
    renderDialog();
    await choose(/Partner/, 'Evident Design');
    click('Start');
    expect(await within(dialog()).findAllByText(outsourceMessages.mustBeSelected)).toHaveLength(4);
    expect(within(dialog()).getByText(outsourceMessages.mustBeSupplied)).toBeTruthy();
    expect(casePosts(calls)).toEqual([]);
    // Back to a manual partner: the manual form again.
    await choose(/Partner/, 'Precision Milling');
    expect(within(dialog()).getByLabelText(/Due Time/)).toBeTruthy();
  });

  it('sends the integrated payload (start_integrated_outsource)', async () => {
    const caseItem = aCase();
    const calls = stubFetch((call) => (call.path === casePath ? json(caseItem) : undefined));
    const { onClose } = renderDialog(caseItem);
    await choose(/Partner/, 'Evident Design');
    expect(within(dialog()).queryByLabelText(/Due Time/)).toBeNull();

    fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: /Design Types/ }));
    fireEvent.click(await screen.findByRole('option', { name: '205 · Screw-retained implant crown' }));
    fireEvent.click(screen.getByRole('option', { name: '100 · Single crown' }));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    await choose(/Scanner/, 'Exocad');
    await choose(/Position/, 'anterior');
    await choose(/File to send/, 'upper-scan.stl (Order file)');
    fireEvent.change(within(dialog()).getByLabelText(/Units/), { target: { value: '2' } });
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: 'Rush' }));
    fireEvent.change(within(dialog()).getByLabelText(/Instructions/), { target: { value: 'Match 14' } });
    click('Start');

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(casePosts(calls)).toEqual([
      {
        action: 'start_integrated_outsource',
        partner_id: 4,
        partner_name: 'Evident Design',
        note: 'Match 14',
        file_id: 41,
        payload: {
          DesignType: [100, 205],
          ScannerType: 'Exocad',
          Instruction: 'Match 14',
          Units: 2,
          Position: 'anterior',
          Rush: true,
          RefId: caseItem.uid,
        },
      },
    ]);
  });
});
