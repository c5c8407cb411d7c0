/**
 * Writes to the rows' elements that touch the DOM only where something changed: a redraw on
 * every scroll step writes the same text and classes to most elements, and each real write
 * restyles the page.
 */
type Written = Partial<Record<'textContent' | 'className' | 'title', string>> & { data?: Record<string, string> };
/** What was last written to each element. */
const written = new WeakMap<HTMLElement, Written>();

function memo(element: HTMLElement): Written {
  let entry = written.get(element);
  if (!entry) written.set(element, (entry = {}));
  return entry;
}

/** Sets an element's text, class or title unless it already holds `value`. */
export function set(element: HTMLElement, property: 'textContent' | 'className' | 'title', value: string): void {
  const entry = memo(element);
  if (entry[property] === value) return;
  entry[property] = value;
  element[property] = value;
}

/** Sets an element's `data-*` attribute unless it already holds `value`. */
export function setData(element: HTMLElement, key: string, value: string): void {
  const data = (memo(element).data ??= {});
  if (data[key] === value) return;
  data[key] = value;
  element.dataset[key] = value;
}
