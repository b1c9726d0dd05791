import type { TooltipProps } from '@mui/material/Tooltip';
import { cloneElement, Suspense, useState, type FocusEvent, type MouseEvent, type ReactElement } from 'react';
import { lazyPart } from './lazy-part';

type TriggerProps = {
  onMouseOver?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
};

const TooltipPart = lazyPart(() =>
  import('@mui/material/Tooltip').then((module) => module.default as (props: TooltipProps) => ReactElement),
);

/** For the page to prefetch on idle. */
export const lazyTooltipParts = [TooltipPart];

type LazyTooltipProps = Pick<TooltipProps, 'title' | 'arrow'> & {
  children: ReactElement<TriggerProps>;
};

/**
 * MUI's Tooltip for the app bar, which every first paint shows: the Tooltip (with Popper and popper.js)
 * downloads when the pointer or the focus first reaches the element, and opens then, as it would have.
 * From then on it is the plain Tooltip, its opening and closing left to it.
 */
export const LazyTooltip = ({ title, arrow, children }: LazyTooltipProps) => {
  const [isOpen, setIsOpen] = useState<boolean | null>(null);
  if (isOpen === null) {
    const wake = () => setIsOpen(true);
    return cloneElement(children, {
      onMouseOver: (event: MouseEvent<HTMLElement>) => {
        children.props.onMouseOver?.(event);
        wake();
      },
      onFocus: (event: FocusEvent<HTMLElement>) => {
        children.props.onFocus?.(event);
        wake();
      },
    });
  }
  return (
    <Suspense fallback={children}>
      <TooltipPart
        title={title}
        arrow={arrow}
        open={isOpen}
        onOpen={() => setIsOpen(true)}
        onClose={() => setIsOpen(false)}
      >
        {children}
      </TooltipPart>
    </Suspense>
  );
};
