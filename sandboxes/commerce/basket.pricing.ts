import { Decimal, sumAmounts, toAmount } from '../shared/money.js';
import type { BasketItemView, BasketView, DeliveryView, StoredBasket, StoredDelivery, StoredItem, Total } from './commerce.model.js';

/** Price excluding VAT of an amount including VAT: `inc / (1 + rate)`, exact until rounded. */
const excludingVat = (includingVat: Decimal, vatRate: Decimal.Value) => includingVat.dividedBy(new Decimal(1).plus(vatRate));

interface Line {
  inc: Decimal;
  exc: Decimal;
}

/** A line rounded once, from its incl. VAT amount, so lines always add up to the basket. */
const roundLine = (inc: Decimal, vatRate: Decimal.Value): Line => {
  const roundedInc = inc.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { inc: roundedInc, exc: excludingVat(roundedInc, vatRate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP) };
};

const toTotal = (line: Line): Total => ({
  includingVat: toAmount(line.inc),
  excludingVat: toAmount(line.exc),
  vat: toAmount(line.inc.minus(line.exc)),
});

function itemLine(item: StoredItem): Line {
  return roundLine(new Decimal(item.unitPriceIncVat).times(item.quantity), item.vatRate);
}

/** The answer shape of one basket line. */
export function itemView(item: StoredItem): BasketItemView {
  const unitInc = new Decimal(item.unitPriceIncVat);
  return {
    id: item.id,
    sku: item.sku,
    productId: item.productId,
    name: item.name,
    quantity: item.quantity,
    unitPrice: { includingVat: toAmount(unitInc), excludingVat: toAmount(excludingVat(unitInc, item.vatRate)) },
    vatRate: new Decimal(item.vatRate).toNumber(),
    total: toTotal(itemLine(item)),
    image: item.image,
  };
}

function deliveryLine(delivery: StoredDelivery): Line {
  return roundLine(new Decimal(delivery.priceIncVat), delivery.vatRate);
}

/** The answer shape of a basket's delivery. */
export function deliveryView(delivery: StoredDelivery): DeliveryView {
  const line = deliveryLine(delivery);
  return {
    deliveryMethodId: delivery.deliveryMethodId,
    name: delivery.name,
    price: { includingVat: toAmount(line.inc), excludingVat: toAmount(line.exc) },
    vatRate: new Decimal(delivery.vatRate).toNumber(),
    reference: delivery.reference,
  };
}

/**
 * A basket with every line and total computed exactly (decimal arithmetic, each line rounded
 * to two decimals once, totals the sum of the lines): 2 × 99.95 + 1 × 50.00 = 249.9.
 */
export function basketView(basket: StoredBasket): BasketView {
  const lines = basket.items.map(itemLine);
  const items: Line = { inc: sumAmounts(lines.map((l) => l.inc)), exc: sumAmounts(lines.map((l) => l.exc)) };
  const delivery = basket.delivery ? deliveryLine(basket.delivery) : { inc: new Decimal(0), exc: new Decimal(0) };
  return {
    id: basket.id,
    clientId: basket.clientId,
    currency: basket.currency,
    currencyId: basket.currencyId,
    status: basket.status,
    version: basket.version,
    items: basket.items.map(itemView),
    itemsTotal: toTotal(items),
    delivery: basket.delivery ? deliveryView(basket.delivery) : null,
    total: toTotal({ inc: items.inc.plus(delivery.inc), exc: items.exc.plus(delivery.exc) }),
    hasBuyer: basket.buyer !== null,
    orderId: basket.orderId,
    createdAt: basket.createdAt,
    updatedAt: basket.updatedAt,
  };
}
