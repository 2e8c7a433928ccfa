// Read by the refused-visit listener only, loaded after the first render: kept out of messages.ts, which the first
// load of /store holds.

/**
 * What the store says when it dropped a Dine-In or Pick-Up choice the server refused (restaurantNotServedRefusal in
 * messages.ts): the catalogue is Delivery's again, and where to choose anew. Our own words: the spec has none.
 */
export const visitNoLongerOfferedMessage = (visit: 'Dine-In' | 'Pick-Up', restaurant: string | undefined) =>
  `${restaurant ?? 'The restaurant you chose'} no longer offers ${visit} in your area: you are on Delivery now. Choose a restaurant again in Delivery Options.`;
