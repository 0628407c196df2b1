/** A brand form the API takes (General tab): `name`, in Jakarta, with a pin that is one. */
export function brandFormBody(name: string) {
  return {
    name,
    city: 'Jakarta',
    postal_code: '10110',
    telephone: '021-5550100',
    fax: '021-5550101',
    lat: -6.2,
    lng: 106.8,
  };
}
