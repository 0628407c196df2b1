/** The customer travels in the URL (name in the path, phone and email in the query), so a reload works. */
export function customerHref(customer: {
  customer_name?: string | null;
  customer_phone?: string | null;
  customer_email?: string | null;
}) {
  const query = new URLSearchParams({
    phone: customer.customer_phone ?? '',
    email: customer.customer_email ?? '',
  });
  return `/customer/${encodeURIComponent(customer.customer_name ?? '')}?${query.toString()}`;
}
