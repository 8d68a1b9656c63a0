/**
 * The script of a page the server sends drawn (home, the dashboard; apps/server/src/http/web.ts): the app's
 * scripts and preloads come inside `<template id="app-scripts">`, inert, and this tiny script
 * puts them into the page once the browser has painted the drawn first screen. Otherwise the
 * app's 250 kB of JavaScript load beside the page's styles and its start-up runs before the
 * first paint: the page is readable before any script runs, so its first paint need not wait
 * for them (Lighthouse counted every script that arrived before the paint into its first and
 * largest paint). A page in a background tab, a page hidden until the app draws, or a browser
 * that does not report paints starts the app at once.
 */
const WAIT_FOR_PAINT_MS = 1000;
/**
 * Elements put into the head per task. Each link starts its fetch there and then (a few ms each on
 * a phone throttled 4×), and the dashboard has some 40 of them: all at once they were one task of
 * 100–200 ms that kept the drawn page from answering.
 */
const PER_TASK = 8;

function startApp(template: HTMLTemplateElement): void {
  const elements = [...template.content.children];
  template.remove();
  const put = (from: number) => {
    for (const element of elements.slice(from, from + PER_TASK)) {
      if (element instanceof HTMLScriptElement) {
        // A script element made by a template's parser does not run when moved: a new one does.
        const script = document.createElement('script');
        script.type = 'module';
        script.crossOrigin = element.crossOrigin;
        script.src = element.src;
        document.head.append(script);
      } else {
        document.head.append(document.importNode(element, true));
      }
    }
    // The app's script comes first in the template: the preloads of its later chunks follow it.
    if (from + PER_TASK < elements.length) setTimeout(() => put(from + PER_TASK), 0);
  };
  put(0);
}

/**
 * Whether the drawn page is hidden until the app draws: the server hides it on a dark system
 * for a reader who chose no theme (`#root[data-prerender-auto]`), and nothing is painted then.
 */
function drawnPageHidden(): boolean {
  return document.getElementById('root')?.hasAttribute('data-prerender-auto') === true && matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Calls `then` once the first contentful paint is reported (at most WAIT_FOR_PAINT_MS later than now). */
function afterFirstPaint(then: () => void): void {
  if (document.visibilityState !== 'visible' || drawnPageHidden() || !PerformanceObserver.supportedEntryTypes.includes('paint')) {
    then();
    return;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    then();
  };
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length > 0) once();
  });
  observer.observe({ type: 'paint', buffered: true });
  const timer = setTimeout(once, WAIT_FOR_PAINT_MS);
}

const template = document.getElementById('app-scripts');
if (template instanceof HTMLTemplateElement) afterFirstPaint(() => startApp(template));
