import { randomUUID } from 'node:crypto';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error.js';
import { Decimal, isMoney } from '../shared/money.js';
import { basketView } from './basket.pricing.js';
import type { BasketView, Buyer, StoredBasket, StoredDelivery, StoredItem } from './commerce.model.js';
import { CURRENCY_IDS, EXTERNAL_DELIVERY_METHOD_ID, findDeliveryMethod } from './method.catalog.js';
import { forgetOldest } from '../shared/kept-records.js';

/** A basket line as seeded: `unitPrice` incl. VAT in major units, `vatRate` a fraction. */
export interface ItemInput {
  sku: string;
  name: string;
  quantity: number;
  unitPrice: number;
  vatRate: number;
  productId?: string;
  image?: string;
}

export interface BasketInput {
  items: ItemInput[];
  buyer?: Buyer;
  currency?: string;
  clientId?: number;
  delivery?: DeliveryInput;
}

/** The delivery of a basket: a platform method, or 128 with the checkout's shipping and price. */
export interface DeliveryInput {
  deliveryMethodId: number;
  name?: string;
  priceIncVat?: number;
  vatRate?: number;
  reference?: string;
}

/** Baskets and their buyers, in memory. Every change bumps the basket's version. */
export class BasketStore {
  private readonly baskets = new Map<string, StoredBasket>();
  private itemSequence = 1;
  private readonly forgotten: Array<(basket: StoredBasket) => void> = [];

  constructor(
    private readonly defaults: { clientId: number; currency: string },
    private readonly now: () => Date,
  ) {}

  create(input: BasketInput): StoredBasket {
    const currency = input.currency ?? this.defaults.currency;
    const currencyId = CURRENCY_IDS[currency];
    if (currencyId === undefined) {
      throw badRequest('unknown_currency', `Currency ${currency} is not set up.`, { supported: Object.keys(CURRENCY_IDS) });
    }
    const skus = input.items.map((item) => item.sku);
    const duplicate = skus.find((sku, index) => skus.indexOf(sku) !== index);
    if (duplicate !== undefined) throw badRequest('duplicate_sku', `SKU ${duplicate} appears twice; give it one line with a quantity.`);
    const at = this.now().toISOString();
    const basket: StoredBasket = {
      id: randomUUID(),
      clientId: input.clientId ?? this.defaults.clientId,
      currency,
      currencyId,
      status: 'open',
      version: 1,
      items: input.items.map((item) => this.newItem(item)),
      delivery: null,
      buyer: input.buyer ?? null,
      orderId: null,
      createdAt: at,
      updatedAt: at,
    };
    this.baskets.set(basket.id, basket);
    forgetOldest(this.baskets, undefined, (_id, forgotten) => this.forgotten.forEach((listener) => listener(forgotten)));
    if (input.delivery) this.setDelivery(basket.id, input.delivery);
    return basket;
  }

  get(id: string): StoredBasket {
    const basket = this.baskets.get(id);
    if (!basket) throw notFound(`Basket ${id} was not found.`, 'basket_not_found');
    return basket;
  }

  view(id: string): BasketView {
    return basketView(this.get(id));
  }

  /** Sets the quantity of the line `itemId`; 0 removes the line. */
  setItemQuantity(basketId: string, itemId: string, quantity: number): BasketView {
    const basket = this.open(basketId);
    const item = basket.items.find((candidate) => candidate.id === itemId);
    if (!item) throw notFound(`Basket ${basketId} has no item ${itemId}.`, 'item_not_found');
    return this.applyQuantity(basket, item, quantity);
  }

  /** Sets the quantity of the line with `sku` (0 removes it); adds the line when `add` describes it. */
  setSkuQuantity(basketId: string, sku: string, quantity: number, add?: Omit<ItemInput, 'sku' | 'quantity'>): BasketView {
    const basket = this.open(basketId);
    const item = basket.items.find((candidate) => candidate.sku === sku);
    if (item) return this.applyQuantity(basket, item, quantity);
    if (!add) throw notFound(`Basket ${basketId} has no item with SKU ${sku}; give name, unitPrice and vatRate to add it.`, 'item_not_found');
    if (quantity > 0) {
      basket.items.push(this.newItem({ ...add, sku, quantity }));
      this.touch(basket);
    }
    return basketView(basket);
  }

  /** Replaces the buyer; setting the same buyer again changes nothing (not even the version). */
  setBuyer(basketId: string, buyer: Buyer): Buyer {
    const basket = this.open(basketId);
    if (JSON.stringify(basket.buyer) === JSON.stringify(buyer)) return buyer;
    basket.buyer = buyer;
    this.touch(basket);
    return buyer;
  }

  setDelivery(basketId: string, input: DeliveryInput): BasketView {
    const basket = this.open(basketId);
    const method = findDeliveryMethod(input.deliveryMethodId);
    if (!method) throw badRequest('unknown_delivery_method', `Delivery method ${input.deliveryMethodId} does not exist.`);
    const external = method.id === EXTERNAL_DELIVERY_METHOD_ID;
    if (external && input.priceIncVat !== undefined && !isMoney(input.priceIncVat)) {
      throw badRequest('invalid_amount', 'priceIncVat must have at most two decimals.', [{ pointer: '/priceIncVat' }]);
    }
    const delivery: StoredDelivery = {
      deliveryMethodId: method.id,
      name: (external ? input.name : undefined) ?? method.name,
      priceIncVat: new Decimal(external ? (input.priceIncVat ?? 0) : method.priceIncVat).toString(),
      vatRate: new Decimal(external ? (input.vatRate ?? method.vatRate) : method.vatRate).toString(),
      reference: input.reference ?? null,
    };
    if (JSON.stringify(basket.delivery) === JSON.stringify(delivery)) return basketView(basket);
    basket.delivery = delivery;
    this.touch(basket);
    return basketView(basket);
  }

  /** Records the order purchased from the basket (does not change the basket's version). */
  /** Called for each basket forgotten (the oldest beyond SANDBOX_RECORDS_KEPT), so what refers to it goes too. */
  onForget(listener: (basket: StoredBasket) => void): void {
    this.forgotten.push(listener);
  }

  linkOrder(basketId: string, orderId: string): void {
    this.get(basketId).orderId = orderId;
  }

  /** A paid basket is closed: later changes are refused with 409 `basket_completed`. */
  complete(basketId: string): void {
    const basket = this.get(basketId);
    basket.status = 'completed';
    basket.updatedAt = this.now().toISOString();
  }

  /** The basket, when it may still change. */
  open(basketId: string): StoredBasket {
    const basket = this.get(basketId);
    if (basket.status !== 'open') throw new AppError(409, 'basket_completed', `Basket ${basketId} was paid and can no longer change.`);
    return basket;
  }

  private applyQuantity(basket: StoredBasket, item: StoredItem, quantity: number): BasketView {
    if (quantity === 0) basket.items = basket.items.filter((candidate) => candidate !== item);
    else item.quantity = quantity;
    this.touch(basket);
    return basketView(basket);
  }

  private newItem(input: ItemInput): StoredItem {
    if (!isMoney(input.unitPrice)) {
      throw badRequest('invalid_amount', `unitPrice of ${input.sku} must have at most two decimals.`, [{ pointer: '/unitPrice', sku: input.sku }]);
    }
    return {
      id: String(this.itemSequence++),
      sku: input.sku,
      productId: input.productId ?? input.sku,
      name: input.name,
      quantity: input.quantity,
      unitPriceIncVat: new Decimal(input.unitPrice).toString(),
      vatRate: new Decimal(input.vatRate).toString(),
      image: input.image ?? null,
    };
  }

  private touch(basket: StoredBasket): void {
    basket.version += 1;
    basket.updatedAt = this.now().toISOString();
  }
}
