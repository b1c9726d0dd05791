import { useClickBurst, type ClickBurst } from '../../../lib/click-burst';

// Spec §2: more than 3 clicks within 2 s on the heading.
const headingBurst: ClickBurst = { clicks: 3, windowMs: 2000 };

export const easterEggHeading = 'Get back to work!';

export const useEasterEggHeading = (heading: string) => {
  const { isTriggered, onClick } = useClickBurst(headingBurst);
  return { heading: isTriggered ? easterEggHeading : heading, onClick };
};
