import { CONTENT_HTML_ATTRIBUTES, CONTENT_HTML_DROPPED_WITH_TEXT, CONTENT_HTML_TAGS, isSafeContentUrl } from '@platter/domain';
import { createElement, useMemo, type ReactNode } from 'react';

/**
 * Content HTML (announcements, help, the operator's texts) shown without injecting markup:
 * the HTML is parsed into an inert document (DOMParser runs no script and loads nothing) and
 * rebuilt as React elements from the allowlist the server sanitises with. Anything else (a
 * script, an event attribute, a style, a javascript: link) never reaches the page, even if
 * the server were to send it.
 */

const TAGS = new Set<string>(CONTENT_HTML_TAGS);
const DROPPED = new Set<string>(CONTENT_HTML_DROPPED_WITH_TEXT);
const VOID = new Set(['br', 'hr', 'img']);
const REACT_NAME: Record<string, string> = { colspan: 'colSpan', rowspan: 'rowSpan' };

function attributesOf(element: Element, tag: string, key: string): Record<string, string> {
  const props: Record<string, string> = { key };
  for (const name of CONTENT_HTML_ATTRIBUTES[tag] ?? []) {
    const value = element.getAttribute(name);
    if (value === null) continue;
    if (name === 'href' && !isSafeContentUrl(value, 'link')) continue;
    if (name === 'src' && !isSafeContentUrl(value, 'image')) continue;
    if (name === 'target') {
      if (value === '_blank') Object.assign(props, { target: '_blank', rel: 'noopener noreferrer' });
      continue;
    }
    props[REACT_NAME[name] ?? name] = value;
  }
  return props;
}

function convert(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(element.childNodes, (child, index) => convert(child, `${key}.${index}`));
  // An element outside the allowlist goes; its text stays (as the server's sanitiser does).
  if (!TAGS.has(tag)) return children;
  const props = attributesOf(element, tag, key);
  if (tag === 'img' && !props.src) return null;
  return VOID.has(tag) ? createElement(tag, props) : createElement(tag, props, ...children);
}

export function htmlToReact(html: string): ReactNode[] {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  return Array.from(doc.body.childNodes, (child, index) => convert(child, String(index)));
}

export function SafeHtml({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const nodes = useMemo(() => htmlToReact(html), [html]);
  return (
    <div className={className ? `rich-text ${className}` : 'rich-text'} data-testid={testId}>
      {nodes}
    </div>
  );
}
