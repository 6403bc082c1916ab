// The order's lines and amounts.
import { useState } from 'react';
import type { CheckoutOrderFragment } from '@checkout-platform/checkout-client';
import { formatMoney, percent } from '../format.js';

/**
 * The cart's lines and the order's money: items, shipping, VAT, total, what is paid (gift cards,
 * reserved or captured payments) and what is still to pay. A provider's payment that is only
 * started is not paid: the rest stays to pay until the provider reserves it.
 */
export function OrderLines({ order }: { order: CheckoutOrderFragment }) {
  const culture = order.culture ?? undefined;
  const { amounts } = order;
  return (
    <section className="card" aria-label="Order">
      <h2>Your order</h2>
      <table className="lines">
        <thead>
          <tr>
            <th>Item</th>
            <th className="qty">Qty</th>
            <th className="wide-only money">Unit price</th>
            <th className="wide-only money">VAT</th>
            <th className="money">Total</th>
          </tr>
        </thead>
        <tbody>
          {order.cart.lines.map((line) => (
            <tr key={line.id} data-testid="cart-line">
              <td>
                <div className="item">
                  <Thumbnail name={line.name} imageUrl={line.imageUrl} />
                  <div>
                    {line.productUrl ? (
                      <a href={line.productUrl} target="_blank" rel="noreferrer">
                        {line.name}
                      </a>
                    ) : (
                      line.name
                    )}
                    {line.sku && <div className="muted small">{line.sku}</div>}
                  </div>
                </div>
              </td>
              <td>{line.quantity}</td>
              <td className="wide-only nowrap">{formatMoney(line.unitPrice, culture)}</td>
              <td className="muted wide-only">
                <span className="nowrap">{formatMoney(line.vat, culture)}</span> <span className="nowrap">({percent(line.vatRate)})</span>
              </td>
              <td className="nowrap">{formatMoney(line.total, culture)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="totals">
        <dt>Items</dt>
        <dd>{formatMoney(amounts.items, culture)}</dd>
        <dt>Shipping{order.shippings[0]?.name ? ` (${order.shippings[0].name})` : ''}</dt>
        <dd>{formatMoney(amounts.shipping, culture)}</dd>
        <dt>Total</dt>
        <dd className="strong" data-testid="order-total" data-amount={amounts.total.amount}>
          {formatMoney(amounts.total, culture)}
        </dd>
        <dt className="muted">of which VAT</dt>
        <dd className="muted">{formatMoney(amounts.vat, culture)}</dd>
        <dt>Paid by gift cards and payments</dt>
        <dd data-testid="amount-paid" data-amount={amounts.paid.amount}>
          {formatMoney(amounts.paid, culture)}
        </dd>
        <dt>Still to pay</dt>
        <dd className="strong" data-testid="amount-due" data-amount={amounts.due.amount}>
          {formatMoney(amounts.due, culture)}
        </dd>
      </dl>
    </section>
  );
}

/**
 * A line's picture beside its name, so decorative (alt=""): the image the commerce platform
 * names, or, when there is none or it does not load, a neutral tile with the product's initial.
 */
function Thumbnail({ name, imageUrl }: { name: string; imageUrl: string | null | undefined }) {
  const [failed, setFailed] = useState<string | undefined>();
  if (imageUrl && failed !== imageUrl) return <img src={imageUrl} alt="" width={40} height={40} data-testid="line-image" onError={() => setFailed(imageUrl)} />;
  return (
    <span className="placeholder" aria-hidden="true" data-testid="line-placeholder">
      {name.trim().charAt(0).toUpperCase() || '·'}
    </span>
  );
}
