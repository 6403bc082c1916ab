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
 * The provider's markup in a container of the given test id, placed as the provider serves it, its
 * own scripts run (markup set as HTML runs none, so each `<script>` is made again: a provider's
 * snippet — Klarna's, Qliro's — carries the scripts that load its checkout). They run once the
 * container is in the page.
 */
export function snippet(testId: string, html: string): HTMLDivElement {
  const node = element('div', { class: 'provider-snippet', 'data-testid': testId });
  node.innerHTML = html;
  for (const inert of Array.from(node.querySelectorAll('script'))) {
    const script = document.createElement('script');
    for (const attribute of Array.from(inert.attributes)) script.setAttribute(attribute.name, attribute.value);
    script.text = inert.text;
    inert.replaceWith(script);
  }
  return node;
}
