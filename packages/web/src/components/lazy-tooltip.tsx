import type { TooltipProps } from '@mui/material/Tooltip';
import {
  cloneElement,
  useEffect,
  useState,
  type ComponentType,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
} from 'react';
import { prefetchWhenIdle } from './lazy-part';

type TriggerProps = {
  onMouseOver?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
};

let loadedTooltip: ComponentType<TooltipProps> | undefined;
let loading: Promise<ComponentType<TooltipProps>> | undefined;

const loadTooltip = (): Promise<ComponentType<TooltipProps>> => {
  loading ??= import('@mui/material/Tooltip').then(
    (module) => (loadedTooltip = module.default),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
};

type LazyTooltipProps = Pick<TooltipProps, 'title' | 'arrow'> & { children: ReactElement<TriggerProps> };

/**
 * MUI's Tooltip for the app bar, which every first paint shows: the Tooltip (with Popper and popper.js)
 * downloads on idle (or at the first hover or focus) and replaces the plain element once it is there.
 */
export const LazyTooltip = ({ title, arrow, children }: LazyTooltipProps) => {
  const [isOpen, setIsOpen] = useState<boolean | null>(null);
  // The swap to the Tooltip happens when its code arrives on idle, not in the middle of a hover and a
  // click (a click across the swap would land on the element being replaced).
  useEffect(() => {
    let isActive = true;
    const swap = () => {
      if (isActive) setIsOpen((current) => current ?? false);
    };
    if (loadedTooltip) {
      swap();
      return undefined;
    }
    const cancel = prefetchWhenIdle([{ prefetch: () => loadTooltip().then(swap) }]);
    return () => {
      isActive = false;
      cancel();
    };
  }, []);
  const Tooltip = isOpen === null ? undefined : loadedTooltip;
  if (!Tooltip) {
    const wake = () => void loadTooltip().catch(() => undefined);
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
    <Tooltip
      title={title}
      arrow={arrow}
      open={isOpen === true}
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
    >
      {children}
    </Tooltip>
  );
};
