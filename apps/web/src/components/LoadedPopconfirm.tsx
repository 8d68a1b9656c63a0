import { Popconfirm, type PopconfirmProps } from 'antd';
import type { ReactElement } from 'react';

/** antd's Popconfirm around a trigger already on screen (see DeferredPopconfirm), open at once if it was pressed before this chunk arrived. */
export function LoadedPopconfirm({
  target,
  initialOpen,
  ...props
}: Omit<PopconfirmProps, 'children' | 'open' | 'defaultOpen' | 'trigger'> & { target: ReactElement; initialOpen: boolean }) {
  return (
    <Popconfirm {...props} defaultOpen={initialOpen}>
      {target}
    </Popconfirm>
  );
}
