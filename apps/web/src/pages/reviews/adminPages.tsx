import type { ReactNode } from 'react';
import { CapacityReviewPage } from './CapacityReviewPage.tsx';

/** The capacity reviews' back-office pages, by their key in ADMIN_ROUTES. */
export const REVIEW_ADMIN_PAGES: Partial<Record<string, () => ReactNode>> = {
  capacity_review: () => <CapacityReviewPage key="bind" type="bind" />,
  capacity_unbind: () => <CapacityReviewPage key="unbind" type="unbind" />,
};
