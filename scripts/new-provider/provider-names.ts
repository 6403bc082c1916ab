/** How one provider's folder name (`acme-pay`) is spelled in each place a scaffolded provider names it. */
export interface ProviderNames {
  /** Folder name under adapters/ and sandboxes/: `acme-pay`. */
  folder: string;
  /** As people read it: `Acme Pay`. */
  title: string;
  /** `acmePay`, `AcmePay`, `ACME_PAY`, `acme_pay`. */
  camel: string;
  pascal: string;
  constant: string;
  snake: string;
  /** The adapter's id (service name, configuration id): `acme_pay_adapter`. */
  adapterId: string;
  /** The sandbox's service name: `acme_pay_sandbox`. */
  sandboxName: string;
}

/** Lower-case words joined by single hyphens, starting with a letter: `acme-pay`, `pay2go`. */
export const KEBAB_CASE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

export function providerNames(folder: string): ProviderNames {
  const words = folder.split('-');
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const snake = words.join('_');
  return {
    folder,
    title: words.map(capital).join(' '),
    camel: words[0] + words.slice(1).map(capital).join(''),
    pascal: words.map(capital).join(''),
    constant: snake.toUpperCase(),
    snake,
    adapterId: `${snake}_adapter`,
    sandboxName: `${snake}_sandbox`,
  };
}
