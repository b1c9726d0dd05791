import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Implant, ImplantPlatform, ToothConvention } from '@lab/domain';
import { ImplantCard } from './implant-card';

// The implant card's tooth, warnings and where the page's stock chips go (one per stocked part, by code).

const platform: ImplantPlatform = {
  id: 5,
  name: 'Nobel Biocare CC RP',
  enabled: true,
  to_tibase: true,
  default_components: {
    straight_screw: { id: 10, name: 'RP Prosthetic Screw' },
    biaxial_screw: { id: 11, name: 'RP ASC Screw' },
    tibase: { id: 20, name: 'RP Ti-Base' },
  },
};

const anImplant = (overrides: Partial<Implant> = {}): Implant => ({
  id: 1,
  tooth: 14,
  platform_id: 5,
  platform: 'Nobel Biocare CC RP',
  screw: { id: 10, name: 'RP Prosthetic Screw', code: 'SCR-NB-CCRP' },
  tibase: { id: 20, name: 'RP Ti-Base', code: 'TIB-NB-CCRP' },
  biaxial: false,
  engaging: false,
  using_defaults: { screw: true, tibase: true },
  platform_valid: true,
  to_tibase: true,
  ...overrides,
});

const renderCard = (
  implant: Implant,
  platforms: ImplantPlatform[] | undefined = [platform],
  convention: ToothConvention = 'fdi',
) =>
  render(
    <ImplantCard
      implant={implant}
      convention={convention}
      platforms={platforms}
      isEditing={false}
      isBusy={false}
      onEdit={() => undefined}
      onRemove={() => undefined}
      onTurnOn={() => undefined}
      renderPartStock={(code) => <span data-testid="stock">{code}</span>}
    />,
  );

describe('ImplantCard', () => {
  afterEach(cleanup);

  it("puts a stock chip beside the screw and the ti-base, by each part's code", () => {
    renderCard(anImplant());
    expect(screen.getAllByTestId('stock').map((chip) => chip.textContent)).toEqual([
      'SCR-NB-CCRP',
      'TIB-NB-CCRP',
    ]);
    expect(screen.queryByText(/Implant Platform Not Available|Non-default/)).toBeNull();
  });

  it('asks no stock for a pontic', () => {
    renderCard(anImplant({ platform_id: null, platform: null, screw: null, tibase: null }));
    expect(screen.queryAllByTestId('stock')).toEqual([]);
  });

  it('warns of an unavailable platform and of non-default parts', () => {
    renderCard(
      anImplant({
        platform_valid: false,
        screw: { id: 12, name: 'Other Screw', code: 'SCR-X' },
        tibase: { id: 21, name: 'Other Ti-Base', code: 'TIB-X' },
        using_defaults: { screw: false, tibase: false },
      }),
    );
    for (const text of [
      'Implant Platform Not Available',
      'Non-default screw selected',
      'Non-default ti-base',
    ])
      expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getAllByTestId('stock').map((chip) => chip.textContent)).toEqual(['SCR-X', 'TIB-X']);
  });

  it('warns of the platform alone while the catalogue is not there', () => {
    renderCard(anImplant({ platform_valid: false }), undefined);
    expect(screen.getByText('Implant Platform Not Available')).toBeTruthy();
  });

  it('names the tooth in the chosen numbering, Palmer with its quadrant', () => {
    const implant = anImplant({ tooth: 26 });
    renderCard(implant);
    expect(screen.getByLabelText('Tooth 26').textContent).toBe('26');
    cleanup();
    renderCard(implant, [platform], 'palmer');
    expect(screen.getByLabelText('Tooth UL 06').textContent).toBe('UL 06');
    cleanup();
    renderCard(implant, [platform], 'universal');
    expect(screen.getByLabelText('Tooth 14').textContent).toBe('14');
  });
});
