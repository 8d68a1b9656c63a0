import { lazy, Suspense, useState, type ComponentType, type FocusEvent, type LazyExoticComponent, type ReactElement, type ReactNode } from 'react';

/**
 * A popup (antd's Dropdown, Menu, Tooltip, Drawer) is code the first paint does not need: its
 * trigger shows at once, and the popup's chunk loads on the first sign of interest — the
 * pointer over the trigger, focus, or a click. A click before the chunk has arrived opens the
 * popup as soon as it has; a tooltip shows at once if the pointer is still over its trigger;
 * a trigger that had the keyboard focus keeps it.
 */
export interface PopupIntent {
  /** The popup's chunk is wanted (first interest shown). */
  wanted: boolean;
  /** Clicked before the chunk arrived: open once it has. */
  openOnLoad: boolean;
  /** The pointer is over the trigger. */
  hovered: boolean;
  /** The trigger had the keyboard focus when it was swapped for the loaded one. */
  refocus: boolean;
  handlers: TriggerHandlers;
}

/** Spread on the trigger (a component's own onClick calls this one too). */
export interface TriggerHandlers {
  onPointerEnter: () => void;
  onPointerLeave: () => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onClick: () => void;
}

export interface TriggerProps extends TriggerHandlers {
  ref?: (element: HTMLElement | null) => void;
}

export function usePopupIntent(): PopupIntent {
  const [wanted, setWanted] = useState(false);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [refocus, setRefocus] = useState(false);
  return {
    wanted,
    openOnLoad,
    hovered,
    refocus,
    handlers: {
      onPointerEnter: () => {
        setHovered(true);
        setWanted(true);
      },
      onPointerLeave: () => setHovered(false),
      onFocus: (event) => {
        if (!wanted) setRefocus(event.currentTarget.matches(':focus-visible'));
        setWanted(true);
      },
      onClick: () => {
        setWanted(true);
        setOpenOnLoad(true);
      },
    },
  };
}

/** Stable, so React calls it once, when the loaded trigger mounts. */
const focusOnMount = (element: HTMLElement | null) => {
  element?.focus();
};

/**
 * A lazily loaded popup component. If its chunk cannot load (offline, a replaced deploy) the
 * plain trigger stays: a header or a table must never take the page down.
 */
export function lazyPopup<P extends { trigger: ReactElement }>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  const plainTrigger: ComponentType<P> = ({ trigger }) => trigger;
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: plainTrigger }),
    ),
  );
}

/**
 * The plain trigger until the popup is wanted; then the popup around the trigger (the plain
 * one while the popup's chunk loads).
 */
export function DeferredPopup({
  popup,
  trigger,
  children,
}: {
  popup: PopupIntent;
  trigger: (props: TriggerProps) => ReactElement;
  children: (trigger: ReactElement) => ReactNode;
}) {
  const plain = trigger(popup.handlers);
  if (!popup.wanted) return plain;
  return <Suspense fallback={plain}>{children(trigger(popup.refocus ? { ...popup.handlers, ref: focusOnMount } : popup.handlers))}</Suspense>;
}

const LoadedTooltip = lazyPopup(() => import('./LoadedTooltip.tsx').then((m) => m.LoadedTooltip));

/** antd's Tooltip (hover), loaded the first time the pointer comes over its trigger. */
export function DeferredTooltip({ title, trigger }: { title: ReactNode; trigger: (props: TriggerProps) => ReactElement }) {
  const popup = usePopupIntent();
  return (
    <DeferredPopup popup={popup} trigger={trigger}>
      {(loaded) => <LoadedTooltip trigger={loaded} title={title} initialOpen={popup.hovered} />}
    </DeferredPopup>
  );
}
