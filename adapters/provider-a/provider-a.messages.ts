/**
 * What the shopper reads when the purchase is refused, in the order's language (its `culture`);
 * English when the language is not one of these.
 */
export type RefusalReason = 'order_changed' | 'order_invalid' | 'refused_by_shop' | 'not_in_checkout';

const MESSAGES: Record<string, Record<RefusalReason, string>> = {
  en: {
    order_changed: 'Your order changed while you were paying. Please review it and try again.',
    order_invalid: 'Your order cannot be completed as it is. Please review it and try again.',
    refused_by_shop: 'The shop could not accept your order: {detail}',
    not_in_checkout: 'This order is no longer open for payment.',
  },
  sv: {
    order_changed: 'Din order ändrades medan du betalade. Kontrollera den och försök igen.',
    order_invalid: 'Din order kan inte slutföras som den är. Kontrollera den och försök igen.',
    refused_by_shop: 'Butiken kunde inte ta emot din order: {detail}',
    not_in_checkout: 'Den här ordern kan inte längre betalas.',
  },
  nb: {
    order_changed: 'Bestillingen din ble endret mens du betalte. Se over den og prøv igjen.',
    order_invalid: 'Bestillingen din kan ikke fullføres slik den er. Se over den og prøv igjen.',
    refused_by_shop: 'Butikken kunne ikke ta imot bestillingen din: {detail}',
    not_in_checkout: 'Denne bestillingen kan ikke lenger betales.',
  },
  da: {
    order_changed: 'Din ordre blev ændret, mens du betalte. Gennemse den og prøv igen.',
    order_invalid: 'Din ordre kan ikke gennemføres, som den er. Gennemse den og prøv igen.',
    refused_by_shop: 'Butikken kunne ikke modtage din ordre: {detail}',
    not_in_checkout: 'Denne ordre kan ikke længere betales.',
  },
  de: {
    order_changed: 'Ihre Bestellung hat sich während der Zahlung geändert. Bitte prüfen Sie sie und versuchen Sie es erneut.',
    order_invalid: 'Ihre Bestellung kann so nicht abgeschlossen werden. Bitte prüfen Sie sie und versuchen Sie es erneut.',
    refused_by_shop: 'Der Shop konnte Ihre Bestellung nicht annehmen: {detail}',
    not_in_checkout: 'Diese Bestellung kann nicht mehr bezahlt werden.',
  },
};

/** The refusal message for `culture` (`nb-NO` → Norwegian; `no` is read as `nb`). */
export function refusalMessage(culture: string | undefined, reason: RefusalReason, detail = ''): string {
  const language = (culture ?? 'en').slice(0, 2).toLowerCase();
  const messages = MESSAGES[language === 'no' ? 'nb' : language] ?? MESSAGES.en!;
  return messages[reason].replace('{detail}', detail);
}
