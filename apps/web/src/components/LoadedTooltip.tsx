import { Tooltip } from 'antd';
import type { ReactElement, ReactNode } from 'react';

/** antd's Tooltip around a trigger already on screen (see DeferredTooltip), open at once if the pointer is over it. */
export function LoadedTooltip({ trigger, title, initialOpen }: { trigger: ReactElement; title: ReactNode; initialOpen: boolean }) {
  return (
    <Tooltip title={title} defaultOpen={initialOpen}>
      {trigger}
    </Tooltip>
  );
}
