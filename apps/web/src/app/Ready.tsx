import { useEffect } from 'react';

/**
 * `<html data-ready>` once the first render (or the hydration of a page sent drawn) has
 * committed, so its buttons answer: before that a drawn page's clicks do nothing. Browser tests
 * wait for it after a page load. Renders nothing; the build's prerender draws it too, beside the
 * app (src/prerender.tsx), so that the ids React gives the app's elements (antd's CSS-variable
 * class among them) are the same in the page sent and in the render that hydrates it.
 */
export function Ready() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}
