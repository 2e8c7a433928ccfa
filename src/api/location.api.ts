import { serviceAreaReply, zipLookupReply, type ServiceAreaReply, type ZipLookupReply } from './contract/location.contract.ts';
import { call } from './http.ts';

export function getAddressByZipcode(zipcode: string): Promise<ZipLookupReply> {
  return call('/connect/index/getaddressbyzipcode', zipLookupReply, { query: { zipcode } });
}

export function currentServiceArea(city: string, state: string): Promise<ServiceAreaReply> {
  return call('/connect/citylist/currentservicearea', serviceAreaReply, { query: { city, state } });
}
