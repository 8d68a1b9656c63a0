import type { LoadedPopconfirm } from './LoadedPopconfirm.tsx';
import type { LoadedTooltip } from './LoadedTooltip.tsx';
import { useRef, useState, type ComponentProps, type ComponentType, type FocusEvent, type ReactElement, type ReactNode } from 'react';

/**
 * A popup (antd's Dropdown, Menu, Tooltip, Drawer) is code the first paint does not need: its
 * trigger shows at once, and the popup's chunk loads on the first sign of interest — the
 * pointer over the trigger, focus, or a press. A press before the chunk has arrived opens the
 * popup as soon as it has; a tooltip shows at once if the pointer is still over its trigger;
 * a trigger that had the keyboard focus keeps it.
 */
export interface PopupIntent<P> {
  /** The popup component once its chunk has arrived. */
  Popup: ComponentType<P> | null;
  /** Pressed or clicked before the chunk arrived: open once it has. */
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
  onPointerDown: () => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onClick: () => void;
}

export interface TriggerProps extends TriggerHandlers {
  ref?: (element: HTMLElement | null) => void;
}

/**
 * The trigger is swapped for the loaded popup once, when its chunk arrives (no Suspense
 * fallback in between: a press that spans a swap loses its click, so a press before the
 * arrival opens the popup on arrival instead). A chunk that cannot load (offline, a replaced
 * deploy) leaves the plain trigger: a header or a table must never take the page down.
 */
export function usePopupIntent<P>(load: () => Promise<ComponentType<P>>): PopupIntent<P> {
  const [Popup, setPopup] = useState<ComponentType<P> | null>(null);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [refocus, setRefocus] = useState(false);
  const started = useRef(false);
  const want = () => {
    if (started.current) return;
    started.current = true;
    load().then(
      (component) => setPopup(() => component),
      () => {
        started.current = false;
      },
    );
  };
  const pressed = () => {
    want();
    setOpenOnLoad(true);
  };
  return {
    Popup,
    openOnLoad,
    hovered,
    refocus,
    handlers: {
      onPointerEnter: () => {
        setHovered(true);
        want();
      },
      onPointerLeave: () => setHovered(false),
      onPointerDown: pressed,
      onFocus: (event) => {
        if (!Popup) setRefocus(event.currentTarget.matches(':focus-visible'));
        want();
      },
      onClick: pressed,
    },
  };
}

/** Stable, so React calls it once, when the loaded trigger mounts. */
const focusOnMount = (element: HTMLElement | null) => {
  element?.focus();
};

/** The plain trigger until the popup's chunk has arrived; then the popup around the trigger. */
export function DeferredPopup<P>({
  popup,
  trigger,
  children,
}: {
  popup: PopupIntent<P>;
  trigger: (props: TriggerProps) => ReactElement;
  children: (Popup: ComponentType<P>, trigger: ReactElement) => ReactNode;
}) {
  if (!popup.Popup) return trigger(popup.handlers);
  return children(popup.Popup, trigger(popup.refocus ? { ...popup.handlers, ref: focusOnMount } : popup.handlers));
}

type TooltipProps = ComponentProps<typeof LoadedTooltip>;
const loadTooltip = () => import('./LoadedTooltip.tsx').then((m) => m.LoadedTooltip);

/** antd's Tooltip (hover), loaded the first time the pointer comes over its trigger. */
export function DeferredTooltip({ title, trigger }: { title: ReactNode; trigger: (props: TriggerProps) => ReactElement }) {
  const popup = usePopupIntent<TooltipProps>(loadTooltip);
  return (
    <DeferredPopup popup={popup} trigger={trigger}>
      {(LoadedTooltip, loaded) => <LoadedTooltip trigger={loaded} title={title} initialOpen={popup.hovered} />}
    </DeferredPopup>
  );
}

type PopconfirmProps = ComponentProps<typeof LoadedPopconfirm>;
const loadPopconfirm = () => import('./LoadedPopconfirm.tsx').then((m) => m.LoadedPopconfirm);

/**
 * antd's Popconfirm, loaded on the first sign of interest in its trigger and opened if the
 * trigger was pressed: until then the trigger alone, without the popup's machinery (a
 * Popconfirm mounts a trigger, a portal and observers each, on a page's first screen).
 */
export function DeferredPopconfirm({ trigger, ...props }: Omit<PopconfirmProps, 'target' | 'initialOpen'> & { trigger: (props: TriggerProps) => ReactElement }) {
  const popup = usePopupIntent<PopconfirmProps>(loadPopconfirm);
  return (
    <DeferredPopup popup={popup} trigger={trigger}>
      {(Loaded, loaded) => <Loaded {...props} target={loaded} initialOpen={popup.openOnLoad} />}
    </DeferredPopup>
  );
}
