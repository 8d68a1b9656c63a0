import { Button } from 'antd';
import type { ReactNode } from 'react';

/** The footer of a wallet form dialog: Cancel, then the primary action (busy and ready from the form). */
export function DialogFooter(props: { cancel: ReactNode; submit: ReactNode; onClose: () => void; onSubmit: () => void; busy: boolean; ready: boolean; testId: string }) {
  return (
    <>
      <Button onClick={props.onClose}>{props.cancel}</Button>
      <Button type="primary" loading={props.busy} disabled={!props.ready} onClick={props.onSubmit} data-testid={props.testId}>
        {props.submit}
      </Button>
    </>
  );
}
