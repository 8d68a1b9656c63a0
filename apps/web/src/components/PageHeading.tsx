import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** A page's title and, below it, an optional line (a hint, the security level). */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <>
      <Typography.Title level={1} className="page__title">
        {title}
      </Typography.Title>
      {children ? <p className="page__subtitle">{children}</p> : null}
    </>
  );
}
