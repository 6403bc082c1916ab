// The few DOM helpers the provider frontends render with.

/** An element with attributes (`hidden: true` sets a boolean attribute) and, optionally, its text. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string | boolean> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) node.setAttribute(name, '');
    else if (value !== false) node.setAttribute(name, value);
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A line of muted text (a frontend waiting for the provider, or saying it has nothing to show). */
export const muted = (text: string) => element('p', { class: 'muted' }, text);

/**
 * A provider's snippet placed in `container` as the provider publishes it: its markup, and its
 * own scripts run in order where they stand, as in a page whose HTML holds the snippet (markup set
 * as HTML runs none, so each `<script>` is made again). The snippets of hosted checkouts carry the
 * scripts that load the checkout and define its JavaScript API. They run once the container is in
 * the page.
 */
export function placeSnippet(container: HTMLElement, html: string): void {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const inert of Array.from(template.content.querySelectorAll('script'))) {
    const script = document.createElement('script');
    for (const { name, value } of Array.from(inert.attributes)) script.setAttribute(name, value);
    script.async = false;
    script.text = inert.text;
    inert.replaceWith(script);
  }
  container.replaceChildren(template.content);
}

/** The provider's snippet in a new container of the given test id (placeSnippet). */
export function snippet(testId: string, html: string): HTMLDivElement {
  const node = element('div', { class: 'provider-snippet', 'data-testid': testId });
  placeSnippet(node, html);
  return node;
}
