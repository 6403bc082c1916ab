/** The adapters the platform knows, with their unique ids (`psp_api_adapter`). */
export interface AdapterDescriptor {
  id: string;
  kind: 'commerce' | 'payment' | 'giftcard';
  name: string;
}

export const ADAPTERS: readonly AdapterDescriptor[] = [
  { id: 'commerce_adapter', kind: 'commerce', name: 'Commerce platform' },
  { id: 'nonpsp_adapter', kind: 'payment', name: 'Non-PSP payment' },
  { id: 'giftcard_adapter', kind: 'giftcard', name: 'Gift card' },
  { id: 'provider_a_checkout_adapter', kind: 'payment', name: 'Provider A hosted checkout' },
  { id: 'provider_b_checkout_adapter', kind: 'payment', name: 'Provider B embedded checkout' },
  { id: 'provider_c_checkout_adapter', kind: 'payment', name: 'Provider C iframe checkout' },
  { id: 'provider_d_dropin_adapter', kind: 'payment', name: 'Provider D drop-in' },
];

export const findAdapter = (id: string): AdapterDescriptor | undefined => ADAPTERS.find((adapter) => adapter.id === id);
