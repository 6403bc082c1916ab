import { describeEvent, type OrderEventView } from './order-events';
import type { AdminAddressFragment, AdminOrderSectionsFragment } from './generated/graphql';
import { formatMoney, JsonBlock, Time } from './ui';

/** The order page's read-only sections (order.page.tsx lays them out): lines, shipping, addresses, totals, timeline. */

// The sections' data as the order page's query selects it (AdminOrderSections and AdminAddress in operations.graphql).
type Sections = AdminOrderSectionsFragment;
export type AmountsView = Sections['amounts'];
export type Money = AmountsView['total'];
export type CartLineView = Sections['cart']['lines'][number];
export type ShippingView = Sections['shippings'][number];
export type AddressView = AdminAddressFragment;

const money = (value: Money | null | undefined) => (value ? formatMoney(value.amount, value.currency) : '—');
const percent = (rate: number | null | undefined) => (rate === null || rate === undefined ? '—' : `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }).format(rate * 100)} %`);

export function CartLines({ lines }: { lines: CartLineView[] }) {
  if (lines.length === 0) return <p className="hint">The cart is empty.</p>;
  return (
    <table className="lines" data-testid="cart-lines">
      <thead>
        <tr>
          <th>Item</th>
          <th className="amount">Quantity</th>
          <th className="amount">Unit price</th>
          <th className="amount">VAT</th>
          <th className="amount">Total</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id} data-line={line.id}>
            <td data-label="Item">
              {line.name}
              {line.sku && <div className="hint">SKU {line.sku}</div>}
            </td>
            <td data-label="Quantity" className="amount">
              {line.quantity}
            </td>
            <td data-label="Unit price" className="amount">
              {money(line.unitPrice)}
            </td>
            <td data-label="VAT" className="amount">
              {money(line.vat)} <span className="hint">({percent(line.vatRate)})</span>
            </td>
            <td data-label="Total" className="amount">
              {money(line.total)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Shippings({ shippings, currency }: { shippings: ShippingView[]; currency: string }) {
  if (shippings.length === 0) return <p className="hint">No shipping chosen.</p>;
  return (
    <ul className="shippings" data-testid="shippings">
      {shippings.map((shipping) => (
        <li key={shipping.id} data-shipping={shipping.id}>
          <strong>{shipping.name ?? shipping.id}</strong>
          {shipping.adapterId && <span className="hint"> by {shipping.adapterId.replace(/_adapter$/, '')}</span>} — {formatMoney(shipping.total?.includingVat, currency)}
          {shipping.vatRate !== null && <span className="hint"> (VAT {percent(shipping.vatRate)})</span>}
          {shipping.state && <span className="hint"> · {shipping.state}</span>}
          <JsonBlock label="delivery details" value={shipping.deliveryDetails} />
        </li>
      ))}
    </ul>
  );
}

export function AddressBlock({ title, address }: { title: string; address: AddressView | null }) {
  const lines = address
    ? [
        [address.givenName, address.familyName].filter(Boolean).join(' '),
        address.streetAddress,
        address.streetAddress2,
        [address.postalCode, address.city].filter(Boolean).join(' '),
        [address.region, address.country].filter(Boolean).join(', '),
      ].filter(Boolean)
    : [];
  return (
    <section className="address" aria-label={title}>
      <h4>{title}</h4>
      {!address || (lines.length === 0 && !address.email && !address.phone) ? (
        <p className="hint">None given.</p>
      ) : (
        <address>
          {lines.map((line, index) => (
            <div key={index}>{line}</div>
          ))}
          {address.email && <div>{address.email}</div>}
          {address.phone && <div>{address.phone}</div>}
          {address.type && <div className="hint">{address.type}</div>}
        </address>
      )}
    </section>
  );
}

export function Totals({ amounts }: { amounts: AmountsView }) {
  return (
    <dl className="totals" data-testid="totals">
      <dt>Items</dt>
      <dd>{money(amounts.items)}</dd>
      <dt>Shipping</dt>
      <dd>{money(amounts.shipping)}</dd>
      <dt>Total</dt>
      <dd>
        <strong>{money(amounts.total)}</strong>
      </dd>
      <dt>of which VAT</dt>
      <dd>{money(amounts.vat)}</dd>
      <dt>Paid</dt>
      <dd>{money(amounts.paid)}</dd>
      <dt>Due</dt>
      <dd>{money(amounts.due)}</dd>
    </dl>
  );
}

export function Timeline({ events, paymentName }: { events: OrderEventView[]; paymentName: (id: string) => string | undefined }) {
  if (events.length === 0) return <p className="hint">No events.</p>;
  return (
    <ol className="timeline" data-testid="timeline">
      {events.map((event) => (
        <li key={event.id} data-event-type={event.type}>
          <span className="time">
            <Time iso={event.createdAt} />
          </span>{' '}
          <span className="what">{describeEvent(event, paymentName)}</span>
          {event.actor && <span className="hint"> · {event.actor}</span>}
          {event.version !== null && <span className="hint"> · version {event.version}</span>}
          <JsonBlock label="details" value={event.data} />
        </li>
      ))}
    </ol>
  );
}
