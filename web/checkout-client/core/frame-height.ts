// Sizing a provider's iframe to the height its page reports.

/** A frame never grows past this, whatever it asks (px). */
const MAX_FRAME_HEIGHT = 4000;

/**
 * Sizes a provider's iframe (inside `root`) to its content: the provider's page posts
 * `{source, event: "resize", value: {height}}` to its parent whenever its size changes (provider
 * A's hosted page), so the shopper never scrolls inside the checkout and no empty
 * space is left below it. Answers a stop.
 */
export function watchFrameHeight(root: HTMLElement, source: string): () => void {
  const listen = (event: MessageEvent<{ source?: unknown; event?: unknown; value?: { height?: unknown } | null }>) => {
    if (event.data?.source !== source || event.data.event !== 'resize') return;
    const frame = Array.from(root.querySelectorAll('iframe')).find((candidate) => candidate.contentWindow === event.source);
    const height = event.data.value?.height;
    if (!frame || typeof height !== 'number' || height <= 0) return;
    // The reported height wins over a minimum the provider's markup sets, so
    // a short view (a refusal, a thank-you) leaves no empty space below it.
    frame.style.minHeight = '0';
    frame.style.height = `${Math.min(Math.ceil(height), MAX_FRAME_HEIGHT)}px`;
  };
  window.addEventListener('message', listen);
  return () => window.removeEventListener('message', listen);
}
