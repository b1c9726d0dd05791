import { useState } from 'react';
import { CheckInDesk } from '../../features/intake/components/check-in-desk';
import { renderPage } from '../render-page';
import { AppShell } from '../shell/app-shell';

// /clients/checkin, the systems menu's Checkin entry: the Check-in desk. Its live stream hears new
// orders arrive and watches the collections of the rows still to check in.
document.title = 'Check-in';

const intakeTopics = ['intake'] as const;

const CheckInPage = () => {
  const [shown, setShown] = useState<readonly string[]>([]);
  return (
    <AppShell title="Check-in" currentSystem="newCheckin" shownCollectionUids={shown} topics={intakeTopics}>
      <CheckInDesk onShownCollections={setShown} />
    </AppShell>
  );
};

void renderPage(CheckInPage);
