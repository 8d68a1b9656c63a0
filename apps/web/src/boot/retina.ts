/**
 * The retina-phone bundle (spec doc 2 §4, §9): loaded before the first render when the
 * pixel ratio is 2 or more at mobile width. It marks the root so the stylesheet can use
 * hairline borders and hi-dpi assets; everything else is shared.
 */
export function applyRetina(root: HTMLElement = document.documentElement): void {
  root.classList.add('retina');
}
