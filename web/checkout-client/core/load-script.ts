// Loading a payment provider's client script into the page, once per URL.
const loading = new Map<string, Promise<void>>();

/** Loads a provider's client script once per page (a `<script>` from the provider's origin). */
export function loadScript(url: string): Promise<void> {
  let promise = loading.get(url);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(url);
        script.remove();
        reject(new Error(`The payment provider's script could not be loaded (${url}).`));
      };
      document.head.append(script);
    });
    loading.set(url, promise);
  }
  return promise;
}
