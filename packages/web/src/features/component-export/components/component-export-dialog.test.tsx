import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileResponse, json, stubFetch, type ApiCall } from '../../../testing/fetch-stub';
import { aCase } from '../../../testing/records';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { ComponentExportButton } from './component-export-button';
import { ComponentExportDialog } from './component-export-dialog';

const catalogue = [
  { id: 21, name: 'Healing Cap GM 4.5 × 3.5', component_type: 'Healing Cap' },
  { id: 11, name: 'Elos IO 1B Scan Body', component_type: 'Scan Body' },
  { id: 12, name: 'Neodent GM Scan Body', component_type: 'Scan Body' },
];
const exportPath = '/proxy/nexus_connect/exports/';

const answer =
  (exportAnswer: () => Response = () => fileResponse('PK-zip', 'application/zip')) =>
  (call: ApiCall) => {
    if (call.path === '/api/v2/management/components/') return json(catalogue);
    if (call.path === exportPath) return exportAnswer();
    return undefined;
  };

const renderDialog = (exportAnswer?: () => Response) => {
  const calls = stubFetch(answer(exportAnswer));
  const onSave = vi.fn<(blob: Blob, name: string) => void>();
  const onClose = vi.fn();
  renderWithQueries(
    <ComponentExportDialog isOpen caseMkey="120034-01" sessionId="nc-1" onClose={onClose} onSave={onSave} />,
  );
  return { calls, onSave, onClose };
};

const choose = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await within(screen.getByRole('listbox')).findByRole('option', { name: option }));
};

const exportButton = () => screen.getByRole('button', { name: 'Export' });

describe('ComponentExportDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('enables Export only with a scan body, and with a healing cap too once the healing cap is on', async () => {
    renderDialog();
    expect(exportButton()).toHaveProperty('disabled', true);
    await choose('Scan Body', 'Elos IO 1B Scan Body');
    expect(exportButton()).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include Healing Cap' }));
    expect(exportButton()).toHaveProperty('disabled', true);
    await choose('Healing Cap', 'Healing Cap GM 4.5 × 3.5');
    expect(exportButton()).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include Healing Cap' }));
    expect(exportButton()).toHaveProperty('disabled', false);
  });

  it('offers only scan bodies as scan bodies and the healing cap list only when enabled', async () => {
    renderDialog();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Scan Body' }));
    const options = await within(screen.getByRole('listbox')).findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Elos IO 1B Scan Body',
      'Neodent GM Scan Body',
    ]);
    expect(
      screen.getByRole('combobox', { name: 'Healing Cap', hidden: true }).getAttribute('aria-disabled'),
    ).toBe('true');
  });

  it('posts the session and the parts and saves the zip as exports.zip', async () => {
    const { calls, onSave, onClose } = renderDialog();
    await choose('Scan Body', 'Neodent GM Scan Body');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include Healing Cap' }));
    await choose('Healing Cap', 'Healing Cap GM 4.5 × 3.5');
    fireEvent.click(exportButton());
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(calls.find((call) => call.path === exportPath)).toEqual({
      method: 'POST',
      path: exportPath,
      body: { nc_session_id: 'nc-1', scan_body_id: 12, healing_cap_id: 21 },
    });
    const [blob, name] = onSave.mock.calls[0] ?? [];
    expect(name).toBe('exports.zip');
    expect(await blob?.text()).toBe('PK-zip');
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's message when the export fails, and stays open", async () => {
    const { onSave, onClose } = renderDialog(() =>
      json(
        { error: { code: 'upstream_failed', message: 'The export could not be made, please try again' } },
        502,
      ),
    );
    await choose('Scan Body', 'Elos IO 1B Scan Body');
    fireEvent.click(exportButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The export could not be made, please try again',
    );
    expect(onSave).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('ComponentExportButton', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows only for a case with a nexus_connect automation result with a session id', () => {
    stubFetch(answer());
    const cases = [
      aCase({ automation_results: [] }),
      aCase({ automation_results: [{ type: 'other', payload: { nc_session_id: 'x' } }] }),
      aCase({ automation_results: [{ type: 'nexus_connect', payload: {} }] }),
      aCase({ automation_results: [{ type: 'nexus_connect', payload: { nc_session_id: '' } }] }),
    ];
    for (const caseItem of cases) {
      const view = renderWithQueries(<ComponentExportButton caseItem={caseItem} />);
      expect(screen.queryByRole('button', { name: 'Export Components' })).toBeNull();
      view.unmount();
    }
    renderWithQueries(
      <ComponentExportButton
        caseItem={aCase({
          automation_results: [{ type: 'nexus_connect', payload: { nc_session_id: 'nc-9' } }],
        })}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export Components' }));
    // The dialog names the case, not the design system's session id (which means nothing to staff).
    const dialog = screen.getByRole('dialog', { name: 'Component Export' });
    expect(dialog.textContent).toContain('the parts of its nexus_connect design');
    expect(dialog.textContent).not.toContain('nc-9');
  });
});
