/** A way to pay without a payment provider (invoice, pay in store), as configured per channel. */
export interface NonPspPaymentMethod {
  identifier: string;
  name: string;
}

/** The adapter's configuration (nonpsp_adapter.schema.json beside it). */
export interface NonPspConfiguration {
  paymentMethods: NonPspPaymentMethod[];
}

/** What the storefront gets from create, GET and PUT of a payment. */
export interface NonPspPaymentSession {
  paymentId: string;
  paymentMethods: NonPspPaymentMethod[];
  /** Identifier of the selected method (payment `attributes.paymentMethod`). */
  selectedPaymentMethod: string;
  amount: number;
  state: string;
}

/** What complete answers once the order is completed. */
export interface NonPspCompletion {
  orderId: string;
  paymentId: string;
  orderStatus: string;
  paymentState: string;
}

export const NONPSP_ADAPTER_ID = 'nonpsp_adapter';
